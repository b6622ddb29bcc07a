import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import type { RaRecord } from 'react-admin';
import { lazyView } from '../lazyView';

/** Support requests from the member console's contact form (issue 20, defect 21). */
export default {
  list: lazyView(() => import('./SupportRequestList'), 'SupportRequestList'),
  show: lazyView(() => import('./SupportRequestShow'), 'SupportRequestShow'),
  icon: SupportAgentIcon,
  recordRepresentation: (r: RaRecord) => `${String(r.name)}: ${String(r.topic)}`,
};
