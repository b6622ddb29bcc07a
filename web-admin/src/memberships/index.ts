import CardMembershipIcon from '@mui/icons-material/CardMembership';
import type { RaRecord } from 'react-admin';
import { lazyView } from '../lazyView';

export default {
  list: lazyView(() => import('./MembershipList'), 'MembershipList'),
  show: lazyView(() => import('./MembershipShow'), 'MembershipShow'),
  edit: lazyView(() => import('./MembershipEdit'), 'MembershipEdit'),
  create: lazyView(() => import('./MembershipCreate'), 'MembershipCreate'),
  icon: CardMembershipIcon,
  recordRepresentation: (record: RaRecord) => `${String(record.tier)} (${String(record.code)})`,
};
