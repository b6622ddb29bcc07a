export { entryLedgerProjector } from './projector';
export {
  listEntryGrants,
  getEntryTotal,
  entryGrantRecords,
  entryTotalsRecord,
  entryGrantRowSchema,
  type EntryGrantRow,
  type EntryTotal,
} from './queries';
