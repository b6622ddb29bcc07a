import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { ShopOrderList } from './ShopOrderList';
import { ShopOrderShow } from './ShopOrderShow';

/** Pro shop orders: fulfilment actions (pack, ship with tracking, deliver), refunds and cancellations with reasons, each order's events. */
export default { list: ShopOrderList, show: ShopOrderShow, icon: ReceiptLongIcon, recordRepresentation: 'number' };
