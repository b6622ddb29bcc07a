import PaymentsIcon from '@mui/icons-material/Payments';
import { lazyView } from '../lazyView';

/** Payments and subscriptions (a filter on them): read-only for every role. */
export default {
  list: lazyView(() => import('./PaymentList'), 'PaymentList'),
  show: lazyView(() => import('./PaymentShow'), 'PaymentShow'),
  icon: PaymentsIcon,
};
