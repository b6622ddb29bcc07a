import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import type { RaRecord } from 'react-admin';
import { PrizeCreate } from './PrizeCreate';
import { PrizeEdit } from './PrizeEdit';
import { PrizeList } from './PrizeList';
import { PrizeShow } from './PrizeShow';

export default {
  list: PrizeList,
  show: PrizeShow,
  edit: PrizeEdit,
  create: PrizeCreate,
  icon: EmojiEventsIcon,
  recordRepresentation: (record: RaRecord) => String(record.title),
};
