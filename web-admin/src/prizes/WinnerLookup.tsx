import { Box, Button, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useState } from 'react';
import { Link, useCreatePath, useNotify, useRecordContext } from 'react-admin';
import { winnerLookupSchema, type WinnerLookup as WinnerAnswer } from '@roar/contracts/draws';
import { httpClient, parseAnswer } from '../dataProvider';
import { formatClubDateTime } from '../ui/display';

/** The winner's name with a link to the member, shown on request: each look-up is recorded with who asked. */
export function WinnerLookup() {
  const record = useRecordContext();
  const notify = useNotify();
  // The console's router has no basename: react-admin builds its paths under /admin itself.
  const createPath = useCreatePath();
  const [answer, setAnswer] = useState<WinnerAnswer | null>(null);
  const winners = Array.isArray(record?.winners) ? (record.winners as Array<{ redrawn_reason: string | null }>) : [];
  if (!record || !winners.some((w) => w.redrawn_reason === null)) return null;
  const look = async () => {
    try {
      const { json } = await httpClient(`/api/admin/prizes/${encodeURIComponent(String(record.id))}/winner`);
      setAnswer(parseAnswer(winnerLookupSchema, json, 'the winner'));
    } catch (error) {
      notify(error instanceof Error ? error.message : 'The winner could not be shown', { type: 'error' });
    }
  };
  return (
    <Box sx={{ my: 1 }} aria-label="Winner">
      {answer ? (
        <>
          <Typography variant="subtitle2">Winner</Typography>
          <List dense>
            {answer.winners.map((w) => (
              <ListItem key={w.member_id} disableGutters>
                <ListItemText
                  primary={<Link to={createPath({ resource: 'members', id: w.member_id, type: 'show' })}>{w.name ?? w.member_id}</Link>}
                  secondary={w.email}
                />
              </ListItem>
            ))}
          </List>
          <Typography variant="caption">
            Looked up by {answer.lookups.map((l) => `${l.staff_email} (${formatClubDateTime(l.looked_up_at) ?? ''})`).join(', ')}
          </Typography>
        </>
      ) : (
        <Button variant="outlined" onClick={() => void look()}>
          Show winner (recorded)
        </Button>
      )}
    </Box>
  );
}
