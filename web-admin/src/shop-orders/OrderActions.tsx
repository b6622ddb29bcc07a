import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField as MuiTextField } from '@mui/material';
import { useState } from 'react';
import { useNotify, usePermissions, useRecordContext, useRefresh } from 'react-admin';
import { refundAnswerSchema, staffOrderRecordSchema } from '@roar/contracts/shop';
import { parseAnswer, postAction } from '../dataProvider';
import { waitingNotice } from '../approvals/waiting';

type Field = 'carrier' | 'tracking' | 'reason' | 'member_message';
type Action = { path: string; label: string; fields: readonly Field[]; confirm: string };
/** A refund's internal reason stays with staff; the member is told only the message (or a neutral sentence). */
const REFUND: Action = { path: 'refund', label: 'Refund', fields: ['reason', 'member_message'], confirm: 'Refund in full' };
const OPTIONAL: ReadonlySet<Field> = new Set(['member_message']);
const NEXT: Record<string, readonly Action[]> = {
  awaiting_payment: [{ path: 'cancel', label: 'Cancel order', fields: ['reason'], confirm: 'Cancel' }],
  paid: [
    { path: 'packing', label: 'Start packing', fields: [], confirm: 'Start packing' },
    { path: 'ship', label: 'Mark shipped', fields: ['carrier', 'tracking'], confirm: 'Mark shipped' },
    REFUND,
  ],
  packing: [{ path: 'ship', label: 'Mark shipped', fields: ['carrier', 'tracking'], confirm: 'Mark shipped' }, REFUND],
  shipped: [{ path: 'deliver', label: 'Mark delivered', fields: [], confirm: 'Mark delivered' }, REFUND],
  delivered: [REFUND],
};
const LABELS: Record<Field, string> = {
  carrier: 'Carrier',
  tracking: 'Tracking number',
  reason: 'Reason',
  member_message: 'Message to the member (optional)',
};
const HELP: Partial<Record<Field, string>> = {
  reason: 'Internal: staff and the event log see it, the member does not',
  member_message: 'Shown on the member\'s order and in the refund email. Empty: "Your order was refunded in full."',
};

/** Fulfilment actions the order's state allows; refunds go through the payment provider and show once its webhook lands. */
export function OrderActions() {
  const record = useRecordContext();
  const { permissions } = usePermissions<string>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState<Action | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  if (!record || permissions === 'auditor') return null;
  const actions = NEXT[String(record.status)] ?? [];
  const submit = async (action: Action) => {
    setBusy(true);
    try {
      const body = Object.fromEntries(
        action.fields.map((f) => [f, (values[f] ?? '').trim()]).filter(([f, v]) => !(OPTIONAL.has(f as Field) && v === '')),
      );
      const path = `/shop-orders/${encodeURIComponent(String(record.id))}/${action.path}`;
      const answer = parseAnswer(action.path === 'refund' ? refundAnswerSchema : staffOrderRecordSchema, await postAction(path, body), path);
      notify(waitingNotice(answer) ?? (action.path === 'refund' ? 'Refund requested: the provider confirms it by webhook' : 'Order updated'), {
        type: 'info',
      });
      setOpen(null);
      setValues({});
      refresh();
      if (action.path === 'refund') setTimeout(refresh, 1500);
    } catch (error) {
      notify(error instanceof Error ? error.message : 'The action failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ my: 1, flexWrap: 'wrap' }}>
      {actions.map((a) => (
        <Button
          key={a.path}
          variant="outlined"
          color={a.path === 'refund' || a.path === 'cancel' ? 'warning' : 'primary'}
          onClick={() => (a.fields.length ? setOpen(a) : void submit(a))}
        >
          {a.label}
        </Button>
      ))}
      <Dialog open={open !== null} onClose={() => setOpen(null)} aria-labelledby="order-action-title">
        <DialogTitle id="order-action-title">{open?.label}</DialogTitle>
        <DialogContent>
          {open?.fields.map((f) => (
            <MuiTextField
              key={f}
              label={LABELS[f]}
              helperText={open.path === 'refund' ? HELP[f] : undefined}
              multiline={f === 'member_message'}
              minRows={f === 'member_message' ? 2 : undefined}
              value={values[f] ?? ''}
              onChange={(e) => setValues({ ...values, [f]: e.target.value })}
              fullWidth
              margin="dense"
            />
          ))}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(null)}>Close</Button>
          <Button
            variant="contained"
            disabled={
              busy ||
              !open ||
              open.fields.some((f) => {
                const v = (values[f] ?? '').trim();
                return OPTIONAL.has(f) ? v.length > 0 && v.length < 3 : v.length < (f === 'reason' ? 3 : 1);
              })
            }
            onClick={() => open && void submit(open)}
          >
            {open?.confirm}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
