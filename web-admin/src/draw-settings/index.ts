import TuneIcon from '@mui/icons-material/Tune';
import { lazyView } from '../lazyView';

/** One form, not a list: the club has one set of draw settings. */
export default { list: lazyView(() => import('./DrawSettingsPage'), 'DrawSettingsPage'), icon: TuneIcon };
