import CardMembershipIcon from '@mui/icons-material/CardMembership';
import type { RaRecord } from 'react-admin';
import { MembershipCreate } from './MembershipCreate';
import { MembershipEdit } from './MembershipEdit';
import { MembershipList } from './MembershipList';
import { MembershipShow } from './MembershipShow';

export default {
  list: MembershipList,
  show: MembershipShow,
  edit: MembershipEdit,
  create: MembershipCreate,
  icon: CardMembershipIcon,
  recordRepresentation: (record: RaRecord) => `${String(record.tier)} (${String(record.code)})`,
};
