import PeopleIcon from '@mui/icons-material/People';
import type { RaRecord } from 'react-admin';
import { lazyView } from '../lazyView';

/** Members: read-only records; entries change through the adjustment dialog (a command). */
export default {
  list: lazyView(() => import('./MemberList'), 'MemberList'),
  show: lazyView(() => import('./MemberShow'), 'MemberShow'),
  icon: PeopleIcon,
  recordRepresentation: (record: RaRecord) => `${String(record.firstname)} ${String(record.lastname)} <${String(record.email)}>`,
};
