import { MemberDataExportPrepared, myDataStreamId } from '@roar/domain';
import { toNewEvents, WrongExpectedRevisionError, type EventRegistry, type EventStore, type Sql, type StoragePort } from '@roar/platform';
import type { MyDataExporter } from '@roar/workers';
import { systemCommandContext } from '../kernel/context';
import { collectMyData } from './collect';
import { myDataZip } from './zip';

/** Where a prepared zip is kept: one key per export, under the member. */
export const myDataStorageKey = (memberId: string, exportId: string): string => `my-data/${memberId}/${exportId}.zip`;

export interface MyDataExportDeps {
  readonly sql: Sql;
  readonly store: EventStore;
  readonly registry: EventRegistry;
  readonly storage: StoragePort;
  /** Days the emailed link stays valid (MY_DATA_LINK_DAYS). */
  readonly linkDays: number;
}

/**
 * The exports queue's work (issue 23): collect the member's data as of now, zip it, store it and
 * record MemberDataExportPrepared, from which the reactor emails the link. Idempotent on the
 * export id: a job run again after the event was written does nothing.
 */
export function createMyDataExporter(deps: MyDataExportDeps): MyDataExporter {
  return async ({ memberId, exportId, requestedAt }) => {
    const stream = myDataStreamId(memberId);
    const history = await deps.store.readStream(stream);
    const done = (events: typeof history) =>
      events.some((e) => e.type === MemberDataExportPrepared.type && (e.data as { exportId?: unknown }).exportId === exportId);
    if (done(history)) return;
    const now = new Date();
    const zip = myDataZip(await collectMyData(deps, memberId, now));
    const key = myDataStorageKey(memberId, exportId);
    await deps.storage.put(key, zip, 'application/zip');
    const expiresAt = new Date(new Date(requestedAt).getTime() + deps.linkDays * 86_400_000).toISOString();
    const event = {
      type: MemberDataExportPrepared.type,
      data: { memberId, exportId, storageKey: key, bytes: zip.length, at: now.toISOString(), expiresAt },
    };
    const last = history.at(-1);
    try {
      await deps.store.append(
        stream,
        toNewEvents(deps.registry, [event], systemCommandContext('my-data-export', exportId, now)),
        last ? last.revision : 'no_stream',
      );
    } catch (error) {
      // Another run (or another request of the member) wrote first: fine when this export is recorded.
      if (error instanceof WrongExpectedRevisionError && done(await deps.store.readStream(stream))) return;
      throw error;
    }
  };
}
