import { entryLedgerProjector } from './entry-ledger';
import { eventLogProjector } from './event-log';
import { membersProjector } from './members';
import { membershipsProjector } from './memberships';
import { paymentsProjector } from './payments';
import { prizesProjector } from './prizes';
import { singleEntriesProjector } from './single-entries';
import { referralsProjector } from './referrals';
import { teamsProjector } from './teams';
import { drawEligibilityProjector } from './draw-eligibility';
import { clubhouseProjector } from './clubhouse';
import { shopProjector } from './shop';
import { rewardsProjector } from './rewards';
import { cashbackProjector } from './cashback';
import { dashboardProjector } from './dashboard';
import { approvalsProjector } from './approvals';
import { memberControlsProjector } from './member-controls';
import type { Projector } from './runner/projector';

export * from './runner';
export * from './memberships';
export * from './event-log';
export * from './members';
export * from './entry-ledger';
export * from './payments';
export * from './single-entries';
export * from './prizes';
export * from './referrals';
export * from './teams';
export * from './draw-eligibility';
export * from './clubhouse';
export * from './shop';
export * from './rewards';
export * from './cashback';
export * from './dashboard';
export * from './approvals';

/** Every read model the product runs, in the order the daemon starts them. */
import { supportProjector } from './support';
export const allProjectors: readonly Projector[] = [
  membershipsProjector,
  eventLogProjector,
  membersProjector,
  entryLedgerProjector,
  paymentsProjector,
  singleEntriesProjector,
  prizesProjector,
  referralsProjector,
  teamsProjector,
  drawEligibilityProjector,
  clubhouseProjector,
  shopProjector,
  rewardsProjector,
  cashbackProjector,
  dashboardProjector,
  supportProjector,
  approvalsProjector,
  memberControlsProjector,
];
export * from './support';
export * from './member-controls';
