import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import type { RaRecord } from 'react-admin';
import { lazyView } from '../lazyView';

/** Staff accounts (admins only): role and two-factor enrolment; a role change waits for approval under four-eyes. */
export default {
  list: lazyView(() => import('./StaffUserList'), 'StaffUserList'),
  show: undefined,
  edit: undefined,
  create: undefined,
  icon: ManageAccountsIcon,
  recordRepresentation: (record: RaRecord) => String(record.name),
};
