import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { lazyView } from '../lazyView';

/** Jobs that used up their attempts: list and retry (the button), no show, edit or create. */
export default { list: lazyView(() => import('./FailedJobList'), 'FailedJobList'), icon: ErrorOutlineIcon };
