import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedIn';
import type { RaRecord } from 'react-admin';
import { lazyView } from '../lazyView';

export default {
  list: lazyView(() => import('./PrizeClaimList'), 'PrizeClaimList'),
  icon: AssignmentTurnedInIcon,
  recordRepresentation: (record: RaRecord) => String(record.prize_title),
};
