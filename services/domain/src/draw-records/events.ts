import { z } from 'zod';
import { defineEvent, type DomainEvent } from '@roar/platform';

const id = z.string().min(1).max(200);

/**
 * A regulator export of one draw's records was taken (issue 22): who took it is the event's actor
 * and `takenBy`; the files it held and the SHA-256 of the zip, so the copy handed over can be matched.
 */
export const RegulatorExportTaken = defineEvent(
  'RegulatorExportTaken',
  z
    .object({
      prizeId: id,
      takenBy: id,
      files: z.array(z.string().min(1).max(100)).min(1).max(20),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    })
    .strict(),
);

export const drawRecordsEvents = [RegulatorExportTaken] as const;
export type RegulatorExportTakenEvent = DomainEvent<'RegulatorExportTaken', z.infer<typeof RegulatorExportTaken.schema>>;
export type DrawRecordsEvent = RegulatorExportTakenEvent;

/** A draw's records log (exports taken), beside its `draw-<prizeId>` stream. */
export const drawRecordsStreamId = (prizeId: string): string => `draw-records-${prizeId}`;
