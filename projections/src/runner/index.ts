export { READ_SCHEMA, handlesType, type ApplyContext, type OwnedTable, type Projector } from './projector';
export { migrateReadModels, readCheckpoint, listCheckpoints, type Checkpoint, type FailedEventRecord, type StoredCheckpoint } from './checkpoints';
export { CheckpointMovedError, ProjectorEventFailedError, type FailedEvent } from './apply';
export { ProjectorBusyError } from './lock';
export { rebuildProjector, type RebuildArgs, type RebuildResult } from './rebuild';
export { verifyProjector, type RowDifference, type VerifyArgs, type VerifyReport } from './verify';
export { type ReplayOptions, type ReplayProgress } from './replay';
export { createProjectionDaemon, type ProjectionDaemon, type ProjectionDaemonOptions, type ProjectorStatus, type WaitScope } from './daemon';
export { renderProgressBar } from './progress';
