import FlagIcon from '@mui/icons-material/Flag';
import { CourseCreate } from './CourseCreate';
import { CourseList } from './CourseList';
import { CourseShow } from './CourseShow';

/** Courses with tees (ratings, par and stroke index per hole) and PCC by day; each change a command with a reason. */
export default { list: CourseList, show: CourseShow, create: CourseCreate, icon: FlagIcon, recordRepresentation: 'name' };
