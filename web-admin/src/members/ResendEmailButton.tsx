import { Button, MenuItem, TextField as MuiTextField } from '@mui/material';
import { useState } from 'react';
import { useNotify, usePermissions, useRecordContext, useRefresh } from 'react-admin';
import type { StaffEvent } from '@roar/contracts/staff';
import { postAction } from '../dataProvider';
import { formatClubDateTime } from '../ui/display';
import { REASON_IN_MEMBER_HISTORY, ReasonDialog } from '../ui/ReasonDialog';
import { useStaffCommand } from '../ui/useStaffCommand';

/** An event of the member's history (the contract's), with what a paid event carries. */
type HistoryRow = StaffEvent & { readonly payload?: { paymentId?: unknown; tier?: { tier?: unknown } } };

interface Choice {
  readonly key: string;
  readonly label: string;
  readonly body: { email: 'receipt'; event_id: string } | { email: 'winner'; prize_id: string };
}

const RECEIPT_LABELS: Record<string, string> = {
  MembershipActivated: 'Receipt',
  MembershipRenewed: 'Renewal receipt',
  SingleEntryPurchased: 'Single entry receipt',
};

/** What can go again: the member's paid events (a receipt each) and the prizes whose winner email they got. */
function choicesOf(record: Record<string, unknown>): Choice[] {
  const history = (Array.isArray(record.history) ? record.history : []) as HistoryRow[];
  const receipts = history
    .filter((e) => RECEIPT_LABELS[e.event_type] && e.payload?.paymentId)
    .reverse()
    .map((e) => ({
      key: `receipt:${e.id}`,
      label: `${RECEIPT_LABELS[e.event_type]}: ${String(e.payload?.tier?.tier ?? '')}, ${formatClubDateTime(e.occurred_at) ?? ''}`,
      body: { email: 'receipt', event_id: e.id } as const,
    }));
  const wins = (Array.isArray(record.wins) ? record.wins : []) as Array<{ prize_id: string; title: string }>;
  return [
    ...receipts,
    ...wins.map((w) => ({
      key: `winner:${w.prize_id}`,
      label: `Winner email: ${w.title}`,
      body: { email: 'winner', prize_id: w.prize_id } as const,
    })),
  ];
}

/**
 * Send a receipt or a winner email again (issue 14). The server renders it from the same event as
 * the first copy and records the resend with the reason; the button hides when there is nothing to send.
 */
export function ResendEmailButton() {
  const record = useRecordContext();
  const { permissions } = usePermissions<string>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState('');
  const [reason, setReason] = useState('');
  const { busy, run } = useStaffCommand();
  if (!record || (permissions !== 'admin' && permissions !== 'staff')) return null;
  const choices = choicesOf(record);
  if (choices.length === 0) return null;
  const choice = choices.find((c) => c.key === picked);
  const close = () => {
    setOpen(false);
    setPicked('');
    setReason('');
  };
  const submit = (c: Choice) =>
    run(async () => {
      await postAction(`/members/${encodeURIComponent(String(record.id))}/resend-email`, { ...c.body, reason: reason.trim() });
      notify('Email sent again', { type: 'info' });
      close();
      refresh();
    }, 'Sending the email again failed');
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        Resend email
      </Button>
      <ReasonDialog
        open={open}
        id="support-resend-title"
        title="Resend email"
        text="Sends the member the same email again, to their current address."
        helperText={REASON_IN_MEMBER_HISTORY}
        reason={reason}
        onReason={setReason}
        ready={choice !== undefined}
        busy={busy}
        width="sm"
        confirmLabel="Send again"
        onCancel={close}
        onConfirm={() => choice && void submit(choice)}
      >
        <MuiTextField select label="Email" value={picked} onChange={(e) => setPicked(e.target.value)} fullWidth margin="dense">
          {choices.map((c) => (
            <MenuItem key={c.key} value={c.key}>
              {c.label}
            </MenuItem>
          ))}
        </MuiTextField>
      </ReasonDialog>
    </>
  );
}
