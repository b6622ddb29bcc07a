import BadgeIcon from '@mui/icons-material/Badge';
import { lazyView } from '../lazyView';

/** Staff accounts (admins only): a role change or a suspension ends that person's sessions at once (issue 19). */
export default {
  list: lazyView(() => import('./StaffUserList'), 'StaffUserList'),
  edit: lazyView(() => import('./StaffUserEdit'), 'StaffUserEdit'),
  icon: BadgeIcon,
  recordRepresentation: 'name',
};
