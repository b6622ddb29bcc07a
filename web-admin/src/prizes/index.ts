import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import type { RaRecord } from 'react-admin';
import { lazyView } from '../lazyView';

export default {
  list: lazyView(() => import('./PrizeList'), 'PrizeList'),
  show: lazyView(() => import('./PrizeShow'), 'PrizeShow'),
  edit: lazyView(() => import('./PrizeEdit'), 'PrizeEdit'),
  create: lazyView(() => import('./PrizeCreate'), 'PrizeCreate'),
  icon: EmojiEventsIcon,
  recordRepresentation: (record: RaRecord) => String(record.title),
};
