import GolfCourseIcon from '@mui/icons-material/GolfCourse';
import { HandicapList } from './HandicapList';
import { HandicapShow } from './HandicapShow';

/** Handicap requests and transfers: the review queue, approve (Golf Link number, official handicap) or reject with a reason. */
export default { list: HandicapList, show: HandicapShow, icon: GolfCourseIcon, recordRepresentation: 'last_name' };
