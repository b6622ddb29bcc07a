import { Alert, Button, DialogContentText, LinearProgress, Link, MenuItem, TextField as MuiTextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useNotify, usePermissions, useRecordContext, useRefresh } from 'react-admin';
import { memberChangePlanAnswerSchema, memberPlanMovesSchema, type MemberPlanMoves as PlanMoves } from '@roar/contracts/staff';
import { httpClient, parseAnswer, postAction } from '../dataProvider';
import { formatCents } from '../memberships/MembershipList';
import { REASON_IN_MEMBER_HISTORY, ReasonDialog } from '../ui/ReasonDialog';
import { useStaffCommand } from '../ui/useStaffCommand';

/**
 * Change the plan on the member's behalf (issue 14): staff pick another published, visible tier and
 * give a reason; the server starts the same upgrade checkout the member's own upgrade does. The plan
 * changes when the member pays, so the dialog ends on the payment link to send them.
 */
export function ChangePlanButton() {
  const record = useRecordContext();
  const { permissions } = usePermissions<string>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [tier, setTier] = useState('');
  const [reason, setReason] = useState('');
  const { busy, run } = useStaffCommand();
  const [link, setLink] = useState<string | null>(null);
  const [moves, setMoves] = useState<PlanMoves | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const memberId = record ? String(record.id) : '';
  useEffect(() => {
    if (!open || !memberId) return;
    let live = true;
    setMoves(null);
    setLoadError(null);
    // The server tries each paid plan against the checkout's own rules and says why when none is left.
    httpClient(`/api/admin/members/${encodeURIComponent(memberId)}/plan-moves`)
      .then(({ json }) => live && setMoves(parseAnswer(memberPlanMovesSchema, json, 'the plans to move to')))
      .catch((error: unknown) => live && setLoadError(error instanceof Error ? error.message : 'The plans could not be loaded'));
    return () => {
      live = false;
    };
  }, [open, memberId]);
  if (!record || (permissions !== 'admin' && permissions !== 'staff')) return null;
  const choices = moves?.moves ?? [];
  const close = () => {
    setOpen(false);
    setMoves(null);
    setTier('');
    setReason('');
    setLink(null);
  };
  const submit = () =>
    run(async () => {
      const answer = await postAction(`/members/${encodeURIComponent(String(record.id))}/change-plan`, {
        membership_id: Number(tier),
        reason: reason.trim(),
      });
      const started = parseAnswer(memberChangePlanAnswerSchema, answer, 'the plan change');
      setLink(started.payment_url);
      notify('Plan change started: send the member the payment link', { type: 'info' });
      refresh();
    }, 'Changing the plan failed');
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        Change plan
      </Button>
      <ReasonDialog
        open={open}
        id="support-change-plan-title"
        title="Change plan"
        text="Starts the member's upgrade checkout for the plan you pick, as their own upgrade does; nothing changes until they pay."
        error={loadError}
        helperText={REASON_IN_MEMBER_HISTORY}
        reason={reason}
        onReason={setReason}
        ready={tier !== ''}
        busy={busy}
        width="sm"
        confirmLabel="Start checkout"
        actionable={choices.length > 0}
        result={
          link ? (
            <Alert severity="success">
              The new plan starts when the member pays. Send them this link:{' '}
              <Link href={link} target="_blank" rel="noreferrer" data-testid="plan-payment-link">
                {link}
              </Link>
            </Alert>
          ) : null
        }
        onCancel={close}
        onConfirm={() => void submit()}
      >
        {moves?.current && (
          <DialogContentText sx={{ mt: 1 }}>
            Current plan: <strong>{moves.current.tier}</strong>
            {moves.current.cancelled ? ' (cancelled, runs to the end of its paid period)' : ''}
          </DialogContentText>
        )}
        {!moves && !loadError && <LinearProgress sx={{ my: 2 }} aria-label="Loading the plans" />}
        {moves && choices.length === 0 && (
          <Alert severity="info" sx={{ mt: 1 }} data-testid="no-plan-moves">
            {moves.none_because}
          </Alert>
        )}
        {choices.length > 0 && (
          <MuiTextField select label="New plan" value={tier} onChange={(e) => setTier(e.target.value)} fullWidth margin="dense">
            {choices.map((t) => (
              <MenuItem key={String(t.membership_id)} value={String(t.membership_id)}>
                {t.tier} ({formatCents(t.price_cents)} a month)
              </MenuItem>
            ))}
          </MuiTextField>
        )}
      </ReasonDialog>
    </>
  );
}
