import HistoryIcon from '@mui/icons-material/History';
import type { RaRecord } from 'react-admin';
import { EventList } from './EventList';
import { EventShow } from './EventShow';

/** The event log: read-only for every role (no edit, no create). */
export default {
  list: EventList,
  show: EventShow,
  edit: undefined,
  create: undefined,
  icon: HistoryIcon,
  recordRepresentation: (record: RaRecord) => `${String(record.event_type)} #${String(record.position)}`,
};
