import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import { GiftCardList } from './GiftCardList';
import { GiftCardShow } from './GiftCardShow';

/** Pro shop gift cards: look one up (balance, history, the order that bought it) and cancel it with a reason. */
export default { list: GiftCardList, show: GiftCardShow, icon: CardGiftcardIcon, recordRepresentation: (r: { last4: string }) => `···· ${r.last4}` };
