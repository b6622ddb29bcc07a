import { Alert, Box, Button, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRecordContext } from 'react-admin';
import { projectionVerificationSchema, type ProjectionVerification as Verification } from '@roar/contracts/staff';
import { parseAnswer, postAction } from '../dataProvider';
import { FailedEventAlert } from './FailedEvent';

const show = (row: Record<string, unknown> | null, columns: readonly string[]) =>
  row === null ? '-' : JSON.stringify(columns.length > 0 ? Object.fromEntries(columns.map((c) => [c, row[c]])) : row);

/** Verify only reads (a replay into a scratch schema), so every role may run it. */
export function VerifyPanel() {
  const record = useRecordContext();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Verification | null>(null);
  if (!record) return null;
  const verify = async () => {
    setBusy(true);
    setResult(null);
    try {
      const answer = await postAction(`/projections/${encodeURIComponent(String(record.id))}/verify`);
      setResult(parseAnswer(projectionVerificationSchema, answer, 'the verification'));
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Verification failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ mt: 1 }}>
      <Button variant="outlined" disabled={busy} onClick={() => void verify()}>
        Verify
      </Button>
      {result?.verdict === 'VERIFIED' && (
        <Alert severity="success" sx={{ mt: 2 }}>
          VERIFIED: the rows match a replay of {result.events} events.
        </Alert>
      )}
      {result?.verdict === 'DIFFERENT' && (
        <Box sx={{ mt: 2 }}>
          <Alert severity="error">{result.difference_count} differing rows</Alert>
          <FailedEventAlert value={result.stopped_at} title="The log holds an event this read model could not apply" />
          <Table size="small" aria-label="Differences">
            <TableHead>
              <TableRow>
                <TableCell>Table</TableCell>
                <TableCell>Key</TableCell>
                <TableCell>Kind</TableCell>
                <TableCell>Columns</TableCell>
                <TableCell>Expected (replay)</TableCell>
                <TableCell>Actual (live)</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {result.differences.map((d, i) => (
                <TableRow key={i}>
                  <TableCell>{d.table}</TableCell>
                  <TableCell>{JSON.stringify(d.key)}</TableCell>
                  <TableCell>{d.kind}</TableCell>
                  <TableCell>{d.columns.join(', ')}</TableCell>
                  <TableCell>{show(d.expected, d.columns)}</TableCell>
                  <TableCell>{show(d.actual, d.columns)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}
