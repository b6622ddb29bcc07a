import ShareIcon from '@mui/icons-material/Share';
import { ReferralList } from './ReferralList';
import { ReferralShow } from './ReferralShow';

/** Referrals: read-only for every role (list with filters, show with the events behind it). */
export default { list: ReferralList, show: ReferralShow, icon: ShareIcon, recordRepresentation: 'referee_name' };
