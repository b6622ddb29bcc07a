export { entryLedgerProjector } from './projector';
export { listEntryGrants, getEntryTotal, entryGrantRowSchema, type EntryGrantRow, type EntryTotal } from './queries';
