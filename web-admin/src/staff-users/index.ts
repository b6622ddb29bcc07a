import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import type { RaRecord } from 'react-admin';
import { lazyView } from '../lazyView';

/**
 * Staff accounts (admins only): role, suspension and two-factor enrolment. A suspension or a role
 * change ends that person's sessions at once; a role change waits for approval under four-eyes.
 */
export default {
  list: lazyView(() => import('./StaffUserList'), 'StaffUserList'),
  edit: lazyView(() => import('./StaffUserEdit'), 'StaffUserEdit'),
  icon: ManageAccountsIcon,
  recordRepresentation: (record: RaRecord) => String(record.name),
};
