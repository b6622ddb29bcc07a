import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { FailedJobList } from './FailedJobList';

/** Jobs that used up their attempts: list and retry (the button), no show, edit or create. */
export default { list: FailedJobList, icon: ErrorOutlineIcon };
