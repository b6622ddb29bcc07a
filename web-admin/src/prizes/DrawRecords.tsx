import { Alert, Box, Button, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Link, useBasename, useNotify, usePermissions, useRecordContext } from 'react-admin';
import { drawRecordsSchema, type DrawRecords as Records } from '@roar/contracts/draw-records';
import { session } from '../auth/session';
import { httpClient, parseAnswer } from '../dataProvider';
import { firstErrorMessage } from '../httpErrors';
import { formatClubDate, formatClubDateTime } from '../ui/display';

/** Downloads the draw's regulator export (a zip) with the staff token and hands it to the browser as a file. */
async function downloadRegulatorExport(prizeId: string): Promise<void> {
  const token = session.token();
  const response = await fetch(`/api/admin/prizes/${encodeURIComponent(prizeId)}/regulator-export`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw new Error(firstErrorMessage(body) ?? `The export failed (${response.status})`);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'regulator-export.zip';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Issue 22, the regulator's records of a draw: the "Regulator export" button (admins and auditors;
 * every export is logged with who took it), how long the records are kept, the exports taken and
 * the draw's whole history.
 */
export function DrawRecords() {
  const record = useRecordContext();
  const notify = useNotify();
  const { permissions } = usePermissions<string>();
  const [records, setRecords] = useState<Records | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const basename = useBasename();
  const id = record ? String(record.id) : null;
  const load = useCallback(() => {
    if (!id) return;
    httpClient(`/api/admin/prizes/${encodeURIComponent(id)}/records`)
      .then(({ json }) => parseAnswer(drawRecordsSchema, json, "the draw's records"))
      .then(setRecords, (e: unknown) => setError(e instanceof Error ? e.message : "The draw's records could not be read."));
  }, [id]);
  useEffect(load, [load]);
  if (!id) return null;
  const canExport = permissions === 'admin' || permissions === 'auditor';
  const take = async () => {
    setBusy(true);
    try {
      await downloadRegulatorExport(id);
      notify('Regulator export taken', { type: 'info' });
      load();
    } catch (e) {
      notify(e instanceof Error ? e.message : 'The export failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ my: 1, maxWidth: '100%' }}>
      {canExport && (
        <Button variant="contained" disabled={busy} onClick={() => void take()} sx={{ mb: 2 }}>
          {busy ? 'Exporting...' : 'Regulator export'}
        </Button>
      )}
      {error && <Alert severity="error">{error}</Alert>}
      {records && (
        <>
          <Typography variant="body2" sx={{ mb: 2 }} data-testid="records-retained-until">
            Records kept until {formatClubDate(`${records.retained_until}T12:00:00Z`)} ({records.retention_years} years): nothing in them can be
            deleted before then.
          </Typography>
          <Typography variant="subtitle1" component="h3">
            Exports taken
          </Typography>
          {records.exports.length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              No regulator export taken yet.
            </Typography>
          ) : (
            <Box sx={{ overflowX: 'auto', mb: 2 }}>
              <Table size="small" aria-label="Regulator exports taken">
                <TableHead>
                  <TableRow>
                    <TableCell>Taken</TableCell>
                    <TableCell>By</TableCell>
                    <TableCell>Zip SHA-256</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {records.exports.map((x) => (
                    <TableRow key={`${x.taken_at}-${x.sha256}`}>
                      <TableCell>{formatClubDateTime(x.taken_at)}</TableCell>
                      <TableCell>{x.taken_by}</TableCell>
                      <TableCell sx={{ fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all' }}>{x.sha256}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
          <Typography variant="subtitle1" component="h3">
            History
          </Typography>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="Draw history">
              <TableHead>
                <TableRow>
                  <TableCell>Occurred</TableCell>
                  <TableCell>Event</TableCell>
                  <TableCell>Actor</TableCell>
                  <TableCell>Reason</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {records.events.map((e) => (
                  <TableRow key={e.id}>
                    <TableCell>{formatClubDateTime(e.occurred_at)}</TableCell>
                    <TableCell>
                      <Link to={`${basename}/events/${encodeURIComponent(e.id)}/show`}>{e.event_type}</Link>
                    </TableCell>
                    <TableCell>{e.actor}</TableCell>
                    <TableCell>{e.reason ?? '-'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </>
      )}
    </Box>
  );
}
