import StorageIcon from '@mui/icons-material/Storage';
import type { RaRecord } from 'react-admin';
import { lazyView } from '../lazyView';

/** Read models: status for all; verify for all; rebuild (a button on the show page) for admins. */
export default {
  list: lazyView(() => import('./ProjectionList'), 'ProjectionList'),
  show: lazyView(() => import('./ProjectionShow'), 'ProjectionShow'),
  icon: StorageIcon,
  recordRepresentation: (record: RaRecord) => String(record.name),
};
