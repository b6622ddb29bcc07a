import type { Decider } from '@roar/platform';
import type { DrawRecordsEvent } from './events';

export interface DrawRecordsState {
  readonly exports: number;
}
export type DrawRecordsCommand = {
  readonly type: 'RecordRegulatorExport';
  readonly prizeId: string;
  readonly takenBy: string;
  readonly files: readonly string[];
  readonly sha256: string;
};

/** Every export is logged, the same zip taken twice included: the log says who took each copy. */
export function decideDrawRecords(command: DrawRecordsCommand): DrawRecordsEvent[] {
  return [
    { type: 'RegulatorExportTaken', data: { prizeId: command.prizeId, takenBy: command.takenBy, files: [...command.files], sha256: command.sha256 } },
  ];
}

export const drawRecordsDecider: Decider<DrawRecordsCommand, DrawRecordsEvent, DrawRecordsState> = {
  decide: (command) => decideDrawRecords(command),
  evolve: (state) => ({ exports: state.exports + 1 }),
  initialState: { exports: 0 },
};
