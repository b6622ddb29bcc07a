import ShareIcon from '@mui/icons-material/Share';
import { lazyView } from '../lazyView';

/** Referrals: read-only for every role (list with filters, show with the events behind it). */
export default {
  list: lazyView(() => import('./ReferralList'), 'ReferralList'),
  show: lazyView(() => import('./ReferralShow'), 'ReferralShow'),
  icon: ShareIcon,
  recordRepresentation: 'referee_name',
};
