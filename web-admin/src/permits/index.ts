import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import type { RaRecord } from 'react-admin';
import { lazyView } from '../lazyView';

export default {
  list: lazyView(() => import('./PermitViews'), 'PermitList'),
  create: lazyView(() => import('./PermitViews'), 'PermitCreate'),
  edit: lazyView(() => import('./PermitViews'), 'PermitEdit'),
  icon: VerifiedUserIcon,
  recordRepresentation: (record: RaRecord) => `${String(record.jurisdiction)} ${String(record.number)}`,
};
