import GroupsIcon from '@mui/icons-material/Groups';
import { lazyView } from '../lazyView';

/** Teams: read-only for every role (list with filters, show with members' payment state and events). */
export default {
  list: lazyView(() => import('./TeamList'), 'TeamList'),
  show: lazyView(() => import('./TeamShow'), 'TeamShow'),
  icon: GroupsIcon,
  recordRepresentation: 'captain_name',
};
