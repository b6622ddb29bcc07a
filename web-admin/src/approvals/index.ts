import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import type { RaRecord } from 'react-admin';
import { lazyView } from '../lazyView';

/** Four-eyes requests: the queue waiting for approval and the history with both staff users' names. */
export default {
  list: lazyView(() => import('./ApprovalList'), 'ApprovalList'),
  show: undefined,
  edit: undefined,
  create: undefined,
  icon: VerifiedUserIcon,
  recordRepresentation: (record: RaRecord) => String(record.summary),
};
