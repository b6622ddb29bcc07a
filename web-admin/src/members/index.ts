import PeopleIcon from '@mui/icons-material/People';
import type { RaRecord } from 'react-admin';
import { MemberList } from './MemberList';
import { MemberShow } from './MemberShow';

/** Members: read-only records; entries change through the adjustment dialog (a command). */
export default {
  list: MemberList,
  show: MemberShow,
  icon: PeopleIcon,
  recordRepresentation: (record: RaRecord) => `${String(record.firstname)} ${String(record.lastname)} <${String(record.email)}>`,
};
