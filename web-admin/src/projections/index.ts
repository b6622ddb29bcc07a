import StorageIcon from '@mui/icons-material/Storage';
import type { RaRecord } from 'react-admin';
import { ProjectionList } from './ProjectionList';
import { ProjectionShow } from './ProjectionShow';

/** Read models: status for all; verify for all; rebuild (a button on the show page) for admins. */
export default {
  list: ProjectionList,
  show: ProjectionShow,
  icon: StorageIcon,
  recordRepresentation: (record: RaRecord) => String(record.name),
};
