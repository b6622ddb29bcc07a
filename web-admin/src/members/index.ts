import PeopleIcon from '@mui/icons-material/People';
import type { RaRecord } from 'react-admin';
import { lazyView } from '../lazyView';
import { isErasedMember } from './erased';

/** Members: read-only records; entries change through the adjustment dialog (a command). */
export default {
  list: lazyView(() => import('./MemberList'), 'MemberList'),
  show: lazyView(() => import('./MemberShow'), 'MemberShow'),
  icon: PeopleIcon,
  recordRepresentation: (record: RaRecord) =>
    // An erased member (issue 24) is named by nothing personal, whatever a read model still holds.
    isErasedMember(record)
      ? `Erased member (${String(record.id)})`
      : `${String(record.firstname)} ${String(record.lastname)} <${String(record.email)}>`,
};
