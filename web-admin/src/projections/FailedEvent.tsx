import { Alert, AlertTitle } from '@mui/material';
import type { RaRecord } from 'react-admin';
import type { FailedEvent as StoppedAt } from '@roar/contracts/staff';

function stoppedAt(value: unknown): StoppedAt | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const text = (k: string) => (typeof v[k] === 'string' ? v[k] : '');
  return {
    id: text('id'),
    type: text('type'),
    streamId: text('streamId'),
    revision: text('revision'),
    position: text('position'),
    error: text('error'),
  };
}

/** Short form for the list: which event the projector stopped at. */
export function failedEventLabel(record: RaRecord): string {
  const e = stoppedAt(record.failed_event);
  return e ? `${e.type} (${e.streamId} #${e.revision})` : '-';
}

/**
 * A projector that cannot apply an event stops there instead of skipping it: its read model
 * lacks that event and everything after it until the cause is fixed (a deploy, or a rebuild).
 */
export function FailedEventAlert({ value, title }: { value: unknown; title: string }) {
  const e = stoppedAt(value);
  if (!e) return null;
  return (
    <Alert severity="error" sx={{ mt: 1 }} role="alert">
      <AlertTitle>{title}</AlertTitle>
      {e.type} {e.id}, stream {e.streamId} revision {e.revision} (position {e.position}): {e.error}
    </Alert>
  );
}
