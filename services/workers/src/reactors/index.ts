import { catalogueNotifications } from './catalogue-notifications';
import { handicapEmails } from './clubhouse-emails';
import { memberEmails } from './member-emails';
import { memberErasure } from './member-erasure';
import { memberTracking } from './member-tracking';
import { memberControlsEmails } from './member-controls-emails';
import { myDataExports } from './my-data-exports';
import { promotionalEmails } from './promotional-emails';
import type { Reactor } from './reactor';
import { winnerEmails } from './winner-emails';
import { shopEmails, shopTracking } from './shop-emails';
import { supportEmails } from './support-emails';

/** Every reactor the worker runs. A new side effect is a new entry here. */
export const REACTORS: readonly Reactor[] = [
  catalogueNotifications,
  memberEmails,
  memberTracking,
  winnerEmails,
  handicapEmails,
  shopEmails,
  shopTracking,
  supportEmails,
  myDataExports,
  promotionalEmails,
  memberControlsEmails,
  memberErasure,
];

export { catalogueNotifications, memberEmails, memberTracking };
export { jobIdFor, joinReactors, type LinkTokens, type Reactor, type ReactorContext, type ReactorPart } from './reactor';
export { runReactor, type RunningReactor, type ReactorRunnerDeps } from './runner';
export { loadCheckpoint, saveCheckpoint } from './checkpoints';
