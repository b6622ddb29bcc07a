import { Box, Button, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useRecordContext } from 'react-admin';
import { entrantSchema, type Entrant } from '@roar/contracts/draws';
import { httpClient, parseAnswer } from '../dataProvider';
import { drawTicketRange } from '../ui/display';
import { ExportButton } from '../exports/ExportButton';

const PAGE = 50;

/** The frozen entry list, a page at a time (it may hold 100,000 entrants). */
export function EntryList() {
  const record = useRecordContext();
  const [page, setPage] = useState(0);
  const [rows, setRows] = useState<Entrant[]>([]);
  const [total, setTotal] = useState(0);
  const id = record ? String(record.id) : null;
  useEffect(() => {
    if (!id) return;
    const range = JSON.stringify([page * PAGE, page * PAGE + PAGE - 1]);
    void httpClient(`/api/admin/prizes/${encodeURIComponent(id)}/entry-list?range=${encodeURIComponent(range)}`).then(({ json, headers }) => {
      setRows(parseAnswer(entrantSchema.array(), json, 'the entry list'));
      setTotal(Number((headers.get('content-range') ?? '').split('/')[1] ?? 0));
    });
  }, [id, page]);
  if (!record || record.draw_status === 'unscheduled' || record.draw_status === 'scheduled')
    return <Typography variant="body2">The entry list is frozen when entries close.</Typography>;
  const drawn = record.draw_status === 'drawn' || record.draw_status === 'published';
  return (
    <Box>
      {drawn && (
        <Box sx={{ mb: 1 }}>
          <ExportButton kind="entrants" label="Export entrants (CSV)" query={{ prize_id: String(record.id) }} />
        </Box>
      )}
      <Table size="small" aria-label="Entry list">
        <TableHead>
          <TableRow>
            <TableCell>#</TableCell>
            <TableCell>Pseudonymous entrant</TableCell>
            <TableCell align="right">Tickets</TableCell>
            <TableCell>Ticket range</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.entrant_id}>
              <TableCell>{r.position + 1}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', fontSize: 12 }}>{r.entrant_id}</TableCell>
              <TableCell align="right">{r.tickets}</TableCell>
              <TableCell>{drawTicketRange(r.first_ticket, r.last_ticket)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 1 }}>
        <Button disabled={page === 0} onClick={() => setPage(page - 1)}>
          Previous
        </Button>
        <Typography variant="body2">
          {total === 0 ? 'No entrants' : `${page * PAGE + 1}-${Math.min(total, page * PAGE + PAGE)} of ${total}`}
        </Typography>
        <Button disabled={(page + 1) * PAGE >= total} onClick={() => setPage(page + 1)}>
          Next
        </Button>
      </Box>
    </Box>
  );
}
