import { Alert, Box, Button, Card, CardContent, Stack, TextField as MuiTextField, Typography } from '@mui/material';
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
  type RaRecord,
} from 'react-admin';
import type { SupportReply as Reply } from '@roar/contracts/support';
import { postAction } from '../dataProvider';
import { EventHistory } from '../events/EventHistory';
import { ClubDateField } from '../ui/ClubDateField';
import { formatClubDateTime } from '../ui/display';
import { StatusChip } from './SupportRequestList';

/** The message, the answers sent so far, and the reply form (the email goes out from the answer event). */
function Conversation() {
  const record = useRecordContext();
  const { permissions } = usePermissions<string>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const id = encodeURIComponent(String(record.id));
  const canWrite = permissions === 'admin' || permissions === 'staff';
  const replies = (record.replies ?? []) as Reply[];
  const run = async (path: string, payload: unknown, done: string) => {
    setBusy(true);
    try {
      await postAction(`/support-requests/${id}/${path}`, payload);
      notify(done, { type: 'info' });
      if (path === 'reply') setBody('');
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'The action failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={2} sx={{ width: '100%' }}>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="subtitle2" gutterBottom>
            {String(record.name)} wrote ({String(record.topic)})
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{String(record.message)}</Typography>
        </CardContent>
      </Card>
      {replies.map((r) => (
        <Card key={r.id} variant="outlined" sx={{ bgcolor: 'action.hover' }} data-testid="support-reply">
          <CardContent>
            <Typography variant="subtitle2" gutterBottom>
              Answered {formatClubDateTime(r.at)}, emailed to {r.to}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{r.body}</Typography>
          </CardContent>
        </Card>
      ))}
      {canWrite && record.status === 'closed' && (
        <Box>
          <Alert
            severity="info"
            action={
              <Button onClick={() => void run('reopen', {}, 'Request reopened')} disabled={busy}>
                Reopen
              </Button>
            }
          >
            This request is closed. Reopen it to answer again.
          </Alert>
        </Box>
      )}
      {canWrite && record.status !== 'closed' && (
        <Box>
          <MuiTextField
            label={`Answer by email to ${String(record.email)}`}
            helperText="Sent as an email from ROAR+ support, with the member's message quoted below it"
            value={body}
            onChange={(e) => setBody(e.target.value)}
            multiline
            minRows={4}
            fullWidth
          />
          <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              disabled={busy || body.trim().length < 2}
              onClick={() => void run('reply', { body: body.trim() }, 'Answer sent by email')}
            >
              Send answer
            </Button>
            <Button variant="outlined" disabled={busy} onClick={() => void run('close', {}, 'Request closed')}>
              Close request
            </Button>
          </Stack>
        </Box>
      )}
    </Stack>
  );
}

export function SupportRequestShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <FunctionField label="Status" render={(r: RaRecord) => <StatusChip record={r} />} />
        <TextField source="name" />
        <TextField source="email" />
        <FunctionField
          label="Member"
          render={(r: RaRecord) => (r.member_id ? <ReferenceField source="member_id" reference="members" link="show" /> : 'Visitor (not signed in)')}
        />
        <TextField source="topic" />
        <ClubDateField source="submitted_at" showTime label="Received" />
        <Conversation />
        <EventHistory />
      </SimpleShowLayout>
    </Show>
  );
}
