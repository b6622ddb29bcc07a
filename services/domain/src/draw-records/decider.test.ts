import { describe, it } from 'vitest';
import { DeciderSpecification } from '@roar/platform/testing';
import { drawRecordsDecider } from './decider';

const sha256 = 'a'.repeat(64);

describe('draw records', () => {
  const given = DeciderSpecification.for(drawRecordsDecider);
  it('logs every regulator export with who took it, the same zip taken again included', () => {
    const taken = {
      type: 'RegulatorExportTaken' as const,
      data: { prizeId: 'p1', takenBy: 'auditor-1', files: ['summary.txt', 'entrants.csv'], sha256 },
    };
    given([taken])
      .when({ type: 'RecordRegulatorExport', prizeId: 'p1', takenBy: 'auditor-1', files: ['summary.txt', 'entrants.csv'], sha256 })
      .then([taken]);
  });
});
