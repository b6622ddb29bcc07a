import GroupsIcon from '@mui/icons-material/Groups';
import { TeamList } from './TeamList';
import { TeamShow } from './TeamShow';

/** Teams: read-only for every role (list with filters, show with members' payment state and events). */
export default { list: TeamList, show: TeamShow, icon: GroupsIcon, recordRepresentation: 'captain_name' };
