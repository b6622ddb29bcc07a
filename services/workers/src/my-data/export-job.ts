import { z } from 'zod';
import type { JobHandler } from '../jobs/types';
import { PermanentJobError } from '../jobs/types';

/** Issue 23: a member's data zip to prepare (MemberDataRequested with an exportId; job id = the event id). */
export const myDataExportJobSchema = z
  .object({
    memberId: z.string().min(1),
    exportId: z.string().min(1),
    /** When the member asked (the event's time): the link's expiry counts from when the file is ready. */
    requestedAt: z.string(),
  })
  .strict();
export type MyDataExportJob = z.infer<typeof myDataExportJobSchema>;

/**
 * Builds, stores and records one member's data zip. The api's composition root gives it (only the
 * api knows how to read everything the club holds about a member); it must be idempotent on
 * `exportId`: a job run twice records one MemberDataExportPrepared.
 */
export type MyDataExporter = (job: MyDataExportJob) => Promise<void>;

export function createMyDataExportHandler(exporter: MyDataExporter | undefined): JobHandler<MyDataExportJob> {
  return {
    queue: 'exports',
    schema: myDataExportJobSchema,
    async run(job) {
      if (!exporter) throw new PermanentJobError('no my-data exporter in this process');
      await exporter(job);
    },
  };
}
