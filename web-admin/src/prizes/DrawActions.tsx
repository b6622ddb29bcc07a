import { Box, Button } from '@mui/material';
import { useState } from 'react';
import { useNotify, usePermissions, useRecordContext, useRefresh } from 'react-admin';
import { drawActionAnswerSchema, type DrawnWinner } from '@roar/contracts/draws';
import { parseAnswer, postAction } from '../dataProvider';
import { REASON_MIN_LENGTH, ReasonDialog } from '../ui/ReasonDialog';
import { waitingNotice } from '../approvals/waiting';

type Action = 'schedule' | 'close' | 'draw' | 'redraw' | 'notify' | 'publish';
const LABELS: Record<Action, string> = {
  schedule: 'Schedule draw',
  close: 'Close entries',
  draw: 'Draw winner',
  redraw: 'Redraw',
  notify: 'Notify winner',
  publish: 'Publish result',
};

/** Which actions the draw's state allows; the server checks again. */
function available(record: Record<string, unknown>): Action[] {
  const winners = (record.winners as DrawnWinner[] | undefined) ?? [];
  const current = winners.length > 0 && winners[winners.length - 1]!.redrawn_reason === null ? winners[winners.length - 1]! : null;
  switch (record.draw_status) {
    case 'unscheduled':
      return ['schedule'];
    case 'scheduled':
      return ['close'];
    case 'closed':
      return ['draw'];
    case 'drawn':
      return [
        ...(current && !current.notified ? (['notify'] as Action[]) : []),
        ...(current && !current.claimed_by ? (['redraw'] as Action[]) : []),
        'publish',
      ];
    default:
      return [];
  }
}

/** Draw life-cycle buttons for staff (hidden for auditors); each is a command with a reason. */
export function DrawActions() {
  const record = useRecordContext();
  const { permissions } = usePermissions<string>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [pending, setPending] = useState<Action | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  if (!record || (permissions !== 'admin' && permissions !== 'staff')) return null;
  const run = async (action: Action) => {
    setBusy(true);
    try {
      const sent = await postAction(`/prizes/${encodeURIComponent(String(record.id))}/${action}`, { reason: reason.trim() || undefined });
      const answer = parseAnswer(drawActionAnswerSchema, sent, LABELS[action]);
      notify(waitingNotice(answer) ?? `${LABELS[action]}: done`, { type: 'info' });
      setPending(null);
      setReason('');
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : `${LABELS[action]} failed`, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, my: 1 }}>
      {available(record).map((action) => (
        <Button key={action} variant="outlined" onClick={() => setPending(action)}>
          {LABELS[action]}
        </Button>
      ))}
      <ReasonDialog
        open={pending !== null}
        id="draw-action-title"
        title={pending ? LABELS[pending] : ''}
        helperText={pending === 'redraw' ? 'Required: recorded with the redraw' : 'Recorded in the event log'}
        reason={reason}
        onReason={setReason}
        minLength={pending === 'redraw' ? REASON_MIN_LENGTH : 0}
        busy={busy}
        autoFocus
        onCancel={() => setPending(null)}
        onConfirm={() => pending && void run(pending)}
      />
    </Box>
  );
}
