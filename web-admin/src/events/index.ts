import HistoryIcon from '@mui/icons-material/History';
import type { RaRecord } from 'react-admin';
import { lazyView } from '../lazyView';

/** The event log: read-only for every role (no edit, no create). */
export default {
  list: lazyView(() => import('./EventList'), 'EventList'),
  show: lazyView(() => import('./EventShow'), 'EventShow'),
  edit: undefined,
  create: undefined,
  icon: HistoryIcon,
  recordRepresentation: (record: RaRecord) => `${String(record.event_type)} #${String(record.position)}`,
};
