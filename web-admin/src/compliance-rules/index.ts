import RuleIcon from '@mui/icons-material/Rule';
import { lazyView } from '../lazyView';

/** One page, not a react-admin list: the api answers the rules in force and their history as one document. */
export default { list: lazyView(() => import('./ComplianceRules'), 'ComplianceRules'), icon: RuleIcon };
