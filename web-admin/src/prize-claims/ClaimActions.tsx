import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Stack,
  TextField as MuiTextField,
  Typography,
} from '@mui/material';
import { useState, type ChangeEvent } from 'react';
import { useNotify, usePermissions, useRecordContext, useRefresh } from 'react-admin';
import { postAction } from '../dataProvider';
import { ReasonDialog } from '../ui/ReasonDialog';
import { uploadDocument } from '../ui/DocumentInput';

type Open = null | 'verify' | 'award' | 'decline';

/**
 * The staff steps of a winner's claim (issue 22), on a prize-claims row: verify (identity and age
 * seen, an optional document through the storage port), award (with evidence) and decline (with
 * the reason). The server's refusals (out of order, claim period ended) are shown as they come.
 */
export function ClaimActions() {
  const record = useRecordContext();
  const { permissions } = usePermissions<string>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState<Open>(null);
  const [identity, setIdentity] = useState(false);
  const [age, setAge] = useState(false);
  const [documentKey, setDocumentKey] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [transfer, setTransfer] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  if (!record || (permissions !== 'admin' && permissions !== 'staff')) return null;
  const state = String(record.claim_state);
  const base = `/prizes/${encodeURIComponent(String(record.id))}`;
  const close = () => {
    setOpen(null);
    setIdentity(false);
    setAge(false);
    setDocumentKey(null);
    setNote('');
    setTransfer('');
    setReason('');
  };
  const run = async (path: string, body: unknown, done: string) => {
    setBusy(true);
    try {
      await postAction(`${base}/${path}`, body);
      notify(done, { type: 'info' });
      close();
      refresh();
    } catch (e) {
      notify(e instanceof Error ? e.message : 'The step failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      setDocumentKey((await uploadDocument('/prize-claims/documents', file)).key);
    } catch (e) {
      notify(e instanceof Error ? e.message : 'The upload failed', { type: 'error' });
    }
  };
  const stop = (e: { stopPropagation: () => void }) => e.stopPropagation();
  return (
    <Stack direction="row" spacing={1} onClick={stop} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {state === 'claimed' && (
        <Button size="small" variant="contained" onClick={() => setOpen('verify')}>
          Verify
        </Button>
      )}
      {state === 'verified' && (
        <Button size="small" variant="contained" onClick={() => setOpen('award')}>
          Award
        </Button>
      )}
      {(state === 'notified' || state === 'claimed' || state === 'verified') && (
        <Button size="small" color="warning" onClick={() => setOpen('decline')}>
          Declined
        </Button>
      )}
      <Dialog open={open === 'verify'} onClose={close} aria-labelledby="verify-claim-title">
        <DialogTitle id="verify-claim-title">Verify {String(record.winner_name)}</DialogTitle>
        <DialogContent>
          <DialogContentText>Record what you saw. Your name and the time are kept with the record.</DialogContentText>
          <FormControlLabel
            control={<Checkbox checked={identity} onChange={(e) => setIdentity(e.target.checked)} />}
            label="I saw the winner's identity"
          />
          <FormControlLabel
            control={<Checkbox checked={age} onChange={(e) => setAge(e.target.checked)} />}
            label="I saw proof the winner is 18 or over"
          />
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
            <Button variant="outlined" component="label" size="small">
              {documentKey ? 'Replace document' : 'Attach a document (optional)'}
              <input hidden type="file" accept="application/pdf,image/png,image/jpeg" onChange={(e) => void pick(e)} />
            </Button>
            <Typography variant="body2">{documentKey ? 'Document stored privately' : ''}</Typography>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button
            variant="contained"
            disabled={busy || !identity || !age}
            onClick={() =>
              void run(
                'verify-claim',
                { identity_seen: identity, age_seen: age, ...(documentKey ? { document_key: documentKey } : {}) },
                'Claim verified',
              )
            }
          >
            Verify
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={open === 'award'} onClose={close} aria-labelledby="award-prize-title" fullWidth maxWidth="sm">
        <DialogTitle id="award-prize-title">Award {String(record.prize_title)}</DialogTitle>
        <DialogContent>
          <DialogContentText>Give the evidence: a delivery note, a transfer reference, or both.</DialogContentText>
          <MuiTextField label="Delivery note" value={note} onChange={(e) => setNote(e.target.value)} fullWidth margin="dense" multiline minRows={2} />
          <MuiTextField label="Transfer reference" value={transfer} onChange={(e) => setTransfer(e.target.value)} fullWidth margin="dense" />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button
            variant="contained"
            disabled={busy || (note.trim() === '' && transfer.trim() === '')}
            onClick={() =>
              void run(
                'award',
                { ...(note.trim() ? { delivery_note: note.trim() } : {}), ...(transfer.trim() ? { transfer_reference: transfer.trim() } : {}) },
                'Prize awarded',
              )
            }
          >
            Award
          </Button>
        </DialogActions>
      </Dialog>
      <ReasonDialog
        open={open === 'decline'}
        id="decline-claim-title"
        title={`${String(record.winner_name)} declined the prize`}
        helperText="Required: what the winner said; the prize is then redrawn"
        reason={reason}
        onReason={setReason}
        busy={busy}
        autoFocus
        onCancel={close}
        onConfirm={() => void run('decline-claim', { reason: reason.trim() }, 'Recorded as declined')}
      />
    </Stack>
  );
}
