import { HandicapRequestPage } from '../../features/clubhouse/request-page';

export { ClubhousePage as ClubhouseRoute } from '../../features/clubhouse/clubhouse-page';
export { ScorecardsPage as ScorecardsRoute } from '../../features/clubhouse/scorecards-page';
export { SubmitScorecardPage as SubmitScorecardRoute } from '../../features/clubhouse/submit-page';
export { HandicapSettingsPage as HandicapSettingsRoute } from '../../features/clubhouse/handicap-settings-page';
export { AttestPage as AttestRoute } from '../../features/clubhouse/attest-page';

export const HandicapRequestRoute = () => <HandicapRequestPage kind="request" />;
export const HandicapTransferRoute = () => <HandicapRequestPage kind="transfer" />;
