import DownloadIcon from '@mui/icons-material/Download';
import { ExportList } from './ExportList';

export default { list: ExportList, icon: DownloadIcon };
