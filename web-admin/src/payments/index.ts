import PaymentsIcon from '@mui/icons-material/Payments';
import { PaymentList } from './PaymentList';
import { PaymentShow } from './PaymentShow';

/** Payments and subscriptions (a filter on them): read-only for every role. */
export default { list: PaymentList, show: PaymentShow, icon: PaymentsIcon };
