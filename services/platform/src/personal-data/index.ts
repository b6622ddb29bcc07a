export * from './spec';
export { sealValue, openValue, loadMasterKey, parseMasterKey, masterKeyId } from './cipher';
export { personalSlots, erasedPlaceholderPaths, type PersonalSlot } from './fields';
export {
  createPersonalDataKeyStore,
  migratePersonalDataKeys,
  PERSONAL_DATA_SCHEMA_SQL,
  type MemberKeyState,
  type PersonalDataKeyStore,
  type PersonalDataKeyStoreOptions,
} from './key-store';
export { protectingStore, sealEvents, openEvents } from './protect';
export { migratePlainPersonalData, type PlainMigrationOptions, type PlainMigrationReport } from './migrate';
export { personalDataMasterKeyOf } from './master-key';
