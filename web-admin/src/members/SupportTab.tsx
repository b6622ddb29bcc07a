import { Box, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { StaffEvent } from '@roar/contracts/staff';
import { formatClubDateTime } from '../ui/display';
import { ChangePlanButton } from './ChangePlanButton';
import { EditContactButton } from './EditContactButton';
import { ResendEmailButton } from './ResendEmailButton';
import { SupportActionButton, SuspensionButton } from './SupportActionButton';
import { EraseMemberButton } from './EraseMemberButton';
import { isErasedMember } from './erased';

/** An event of the member's history (the contract's), with the note a SupportNoteAdded carries. */
type HistoryRow = StaffEvent & { readonly payload?: { note?: unknown } };

/** The member's file for support staff: status, the actions, and the notes kept so far. */
export function SupportTab() {
  const record = useRecordContext();
  if (!record) return null;
  const history = (Array.isArray(record.history) ? record.history : []) as HistoryRow[];
  const notes = history.filter((e) => e.event_type === 'SupportNoteAdded').reverse();
  if (isErasedMember(record)) {
    return (
      <Typography variant="body1" data-testid="member-account-status">
        Account: <strong>Erased member</strong>. The personal data was erased on the member&apos;s request; amounts, dates and draw records stay under
        the member id.
      </Typography>
    );
  }
  return (
    <Box>
      <Typography variant="body1" sx={{ mb: 2 }} data-testid="member-account-status">
        Account: <strong>{record.status === 'suspended' ? 'Suspended' : 'Active'}</strong>
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, mb: 3 }}>
        <SuspensionButton />
        <EditContactButton />
        <SupportActionButton
          label="Send password reset"
          action="/password-reset"
          explain="Emails the member a link to choose a new password (valid for 60 minutes)."
          done="Password-reset email sent"
        />
        <ChangePlanButton />
        <SupportActionButton
          label="Cancel plan"
          action="/cancel-plan"
          colour="error"
          explain="Cancels the subscription on the member's behalf: it stops renewing and benefits last to the end of the paid period."
          done="Plan cancelled"
        />
        <ResendEmailButton />
        <EraseMemberButton />
        <SupportActionButton
          label="Add note"
          action="/notes"
          field="note"
          explain="A note on the member's file for the support team."
          done="Note added"
        />
      </Stack>
      <Typography variant="subtitle2">Support notes</Typography>
      {notes.length === 0 ? (
        <Typography variant="body2">No notes yet.</Typography>
      ) : (
        <List dense aria-label="Support notes">
          {notes.map((n) => (
            <ListItem key={n.id} disableGutters>
              <ListItemText primary={String(n.payload?.note ?? '')} secondary={`${formatClubDateTime(n.occurred_at) ?? ''} · ${n.actor}`} />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
