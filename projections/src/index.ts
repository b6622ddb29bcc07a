import { entryLedgerProjector } from './entry-ledger';
import { eventLogProjector } from './event-log';
import { membersProjector } from './members';
import { membershipsProjector } from './memberships';
import { paymentsProjector } from './payments';
import { singleEntriesProjector } from './single-entries';
import type { Projector } from './runner/projector';

export * from './runner';
export * from './memberships';
export * from './event-log';
export * from './members';
export * from './entry-ledger';
export * from './payments';
export * from './single-entries';

/** Every read model the product runs, in the order the daemon starts them. */
export const allProjectors: readonly Projector[] = [
  membershipsProjector,
  eventLogProjector,
  membersProjector,
  entryLedgerProjector,
  paymentsProjector,
  singleEntriesProjector,
];
