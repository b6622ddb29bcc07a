import { Alert, Box, Button } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRecordContext } from 'react-admin';
import { drawVerificationSchema, type DrawVerification } from '@roar/contracts/draws';
import { parseAnswer, postAction } from '../dataProvider';

/** The audit replay of the event log (same report as `npm run audit:draw`); every role may run it. */
export function DrawVerify() {
  const record = useRecordContext();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<DrawVerification | null>(null);
  if (!record) return null;
  const verify = async () => {
    setBusy(true);
    setReport(null);
    try {
      setReport(parseAnswer(drawVerificationSchema, await postAction(`/prizes/${encodeURIComponent(String(record.id))}/verify`), 'the verification'));
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Verification failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ my: 1 }}>
      <Button variant="outlined" disabled={busy} onClick={() => void verify()}>
        Verify draw
      </Button>
      {report && (
        <Alert severity={report.verified ? 'success' : 'error'} sx={{ mt: 2 }}>
          <Box component="pre" sx={{ m: 0, whiteSpace: 'pre-wrap', fontSize: 12 }} aria-label="Verification report">
            {report.lines.join('\n')}
          </Box>
        </Alert>
      )}
    </Box>
  );
}
