import ScoreboardIcon from '@mui/icons-material/Scoreboard';
import { ScorecardList } from './ScorecardList';
import { ScorecardShow } from './ScorecardShow';

/** Scorecards: unattested ones past their deadline are flagged; staff correct or void with a reason. */
export default { list: ScorecardList, show: ScorecardShow, icon: ScoreboardIcon, recordRepresentation: 'course_name' };
