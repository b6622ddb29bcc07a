import { Box, Button } from '@mui/material';
import { createContext, useContext, useEffect, useState } from 'react';
import { useNotify, usePermissions, useRecordContext, useRefresh } from 'react-admin';
import { staffClaimSchema } from '@roar/contracts/cashback';
import { parseAnswer, postAction } from '../dataProvider';
import { ReasonDialog } from '../ui/ReasonDialog';

type Decision = 'approve' | 'decline';

/** Tells the claim page whether a decision dialog is open: the receipt viewer beside it must not load (and take the focus) meanwhile. */
export const DecidingContext = createContext<(open: boolean) => void>(() => undefined);

/** Approve or decline a submitted claim; each decision is a command with the staff user and a reason. */
export function ClaimDecision() {
  const record = useRecordContext();
  const { permissions } = usePermissions<string>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [pending, setPending] = useState<Decision | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const setDeciding = useContext(DecidingContext);
  useEffect(() => {
    setDeciding(pending !== null);
    return () => setDeciding(false);
  }, [pending, setDeciding]);
  if (!record || record.status !== 'submitted' || (permissions !== 'admin' && permissions !== 'staff')) return null;
  const run = async (decision: Decision) => {
    setBusy(true);
    try {
      const path = `/cashback-claims/${encodeURIComponent(String(record.id))}/${decision}`;
      parseAnswer(staffClaimSchema, await postAction(path, { reason: reason.trim() }), `the ${decision}`);
      notify(decision === 'approve' ? 'Claim approved' : 'Claim declined', { type: 'info' });
      setPending(null);
      setReason('');
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'The decision failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, my: 1 }}>
      <Button variant="contained" color="success" onClick={() => setPending('approve')}>
        Approve
      </Button>
      <Button variant="outlined" color="error" onClick={() => setPending('decline')}>
        Decline
      </Button>
      <ReasonDialog
        open={pending !== null}
        id="claim-decision-title"
        title={pending === 'approve' ? 'Approve claim' : 'Decline claim'}
        helperText={pending === 'decline' ? 'The member reads this reason' : 'Recorded in the event log'}
        reason={reason}
        onReason={setReason}
        busy={busy}
        autoFocus
        onCancel={() => setPending(null)}
        onConfirm={() => pending && void run(pending)}
      />
    </Box>
  );
}
