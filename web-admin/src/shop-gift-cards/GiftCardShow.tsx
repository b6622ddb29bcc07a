import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import {
  FunctionField,
  ReferenceField,
  Show,
  SimpleShowLayout,
  TextField,
  useNotify,
  usePermissions,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { giftCardWithHistorySchema } from '@roar/contracts/shop';
import { parseAnswer, postAction } from '../dataProvider';
import { EventHistory } from '../events/EventHistory';
import { dollars } from '../shop-orders/ShopOrderList';
import { ClubDateField } from '../ui/ClubDateField';
import { CLUB_TIME_ZONE } from '../ui/display';
import { ReasonDialog } from '../ui/ReasonDialog';

/** Cancels an active card with a reason: its unspent balance is voided and the cart refuses it from then on. */
function CancelCard() {
  const record = useRecordContext();
  const { permissions } = usePermissions<string>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  if (!record || record.status !== 'active' || permissions === 'auditor') return null;
  const confirm = async () => {
    setBusy(true);
    try {
      const path = `/shop-gift-cards/${encodeURIComponent(String(record.id))}/cancel`;
      parseAnswer(giftCardWithHistorySchema, await postAction(path, { reason: reason.trim() }), path);
      notify('Gift card cancelled', { type: 'info' });
      setOpen(false);
      setReason('');
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'The gift card was not cancelled', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack direction="row" sx={{ my: 1 }}>
      <Button variant="outlined" color="warning" onClick={() => setOpen(true)}>
        Cancel gift card
      </Button>
      <ReasonDialog
        open={open}
        id="cancel-gift-card-title"
        title={`Cancel gift card ending ${String(record.last4)}`}
        helperText={`Its ${dollars(Number(record.balance_cents))} balance is voided; the reason shows in its history`}
        reason={reason}
        onReason={setReason}
        busy={busy}
        autoFocus
        onCancel={() => setOpen(false)}
        onConfirm={() => void confirm()}
      />
    </Stack>
  );
}

export function GiftCardShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <FunctionField label="Card" render={(r: { last4: string }) => `Gift card ending ${r.last4}`} />
        <FunctionField
          label="State"
          render={(r: { status: string; void_reason: string | null }) => (r.status === 'voided' ? `Cancelled: ${r.void_reason ?? ''}` : 'Active')}
        />
        <CancelCard />
        <FunctionField label="Value" render={(r: { value_cents: number }) => dollars(r.value_cents)} />
        <FunctionField label="Balance" render={(r: { balance_cents: number }) => dollars(r.balance_cents)} />
        <FunctionField label="Spent" render={(r: { spent_cents: number }) => dollars(r.spent_cents)} />
        <TextField source="expires_on" label="Valid until (club day)" />
        <TextField source="terms_source" label="Expiry set by" />
        <ReferenceField source="order_id" reference="shop-orders" label="Bought with order" link="show" />
        <ReferenceField source="member_id" reference="members" label="Bought by" link="show" />
        <ClubDateField source="issued_at" showTime label={`Issued (${CLUB_TIME_ZONE})`} />
        <EventHistory />
      </SimpleShowLayout>
    </Show>
  );
}
