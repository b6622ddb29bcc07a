import { Box, Button, Card, CardContent, Chip, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useState } from 'react';
import {
  Datagrid,
  FunctionField,
  List,
  RecordContextProvider,
  SelectInput,
  TextField,
  useListContext,
  useNotify,
  usePermissions,
  useRecordContext,
  useRefresh,
  type RaRecord,
} from 'react-admin';
import { formatClubDateTime } from '../ui/display';
import { postAction } from '../dataProvider';
import { ClubDateField } from '../ui/ClubDateField';
import { ReasonDialog } from '../ui/ReasonDialog';

const STATUS_LABELS: Record<string, string> = {
  pending: 'Waiting for approval',
  approved: 'Approved, not carried out',
  declined: 'Declined',
  carried_out: 'Approved and carried out',
  failed: 'Approved, but refused when carried out',
};
const STATUS_CHOICES = Object.entries(STATUS_LABELS).map(([id, name]) => ({ id, name }));
const STATUS_COLOURS: Record<string, 'default' | 'warning' | 'success' | 'error'> = {
  pending: 'warning',
  carried_out: 'success',
  failed: 'error',
  declined: 'default',
  approved: 'warning',
};

function StatusChip() {
  const record = useRecordContext();
  if (!record) return null;
  const status = String(record.status);
  return <Chip size="small" label={STATUS_LABELS[status] ?? status} color={STATUS_COLOURS[status] ?? 'default'} />;
}

/** Who decided and what came of it: "Approved by …", the outcome, or the decline's reason. */
function Decision() {
  const record = useRecordContext();
  if (!record || record.status === 'pending') return null;
  const verb = record.status === 'declined' ? 'Declined' : 'Approved';
  const detail = record.status === 'declined' ? record.decline_reason : record.status === 'failed' ? record.error : record.outcome;
  return (
    <Box>
      <Typography variant="body2">
        {verb} by {String(record.decided_by_name ?? '')}
      </Typography>
      {detail ? (
        <Typography variant="caption" color="text.secondary">
          {String(detail)}
        </Typography>
      ) : null}
    </Box>
  );
}

/** Approve or decline, for a staff user other than the one who asked (the server checks it again). */
function DecideButtons() {
  const record = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const { permissions } = usePermissions<string>();
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  if (!record || record.status !== 'pending' || (permissions !== 'admin' && permissions !== 'staff')) return null;
  if (!record.can_decide) {
    return (
      <Typography variant="caption" color="text.secondary">
        You asked: another staff user decides
      </Typography>
    );
  }
  const decide = async (action: 'approve' | 'decline') => {
    setBusy(true);
    try {
      const answer = await postAction<RaRecord & { status: string; error: string | null }>(
        `/approvals/${encodeURIComponent(String(record.id))}/${action}`,
        action === 'decline' ? { reason: reason.trim() } : {},
      );
      if (answer.status === 'failed') notify(`Approved, but it could not be carried out: ${answer.error ?? ''}`, { type: 'warning' });
      else notify(action === 'approve' ? 'Approved and carried out' : 'Declined: nothing was changed', { type: 'info' });
      setDeclining(false);
      setReason('');
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'That did not work', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} onClick={(e) => e.stopPropagation()}>
      <Button size="small" variant="contained" disabled={busy} onClick={() => void decide('approve')}>
        Approve
      </Button>
      <Button size="small" color="error" disabled={busy} onClick={() => setDeclining(true)}>
        Decline
      </Button>
      <ReasonDialog
        open={declining}
        id="decline-approval-title"
        title={`Decline: ${String(record.summary)}`}
        helperText="Required: the one who asked sees it"
        reason={reason}
        onReason={setReason}
        busy={busy}
        autoFocus
        onCancel={() => setDeclining(false)}
        onConfirm={() => void decide('decline')}
      />
    </Box>
  );
}

/** On a phone or a tablet each request is a card: the table's seven columns need a wide screen. */
function ApprovalCards() {
  const { data } = useListContext();
  return (
    <Stack spacing={1} sx={{ p: 1 }}>
      {(data ?? []).map((record) => (
        <RecordContextProvider key={String(record.id)} value={record}>
          <Card variant="outlined" data-testid="approval-card">
            <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 0.75 }}>
              <Typography variant="subtitle1" component="h3">
                {String(record.summary)}
              </Typography>
              <Typography variant="body2">“{String(record.reason)}”</Typography>
              <Typography variant="caption" color="text.secondary">
                Asked by {String(record.requested_by_name ?? '')}, {formatClubDateTime(record.requested_at) ?? ''}
              </Typography>
              <Box>
                <StatusChip />
              </Box>
              <Decision />
              <DecideButtons />
            </CardContent>
          </Card>
        </RecordContextProvider>
      ))}
    </Stack>
  );
}

/**
 * Four-eyes: what waits for a second staff user's approval (the default filter) and the history,
 * newest first, with who asked, why, who decided and what came of it.
 */
export function ApprovalList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <List
      title="Approvals"
      sort={{ field: 'requested_at', order: 'DESC' }}
      filterDefaultValues={{ status: 'pending' }}
      filters={[<SelectInput key="status" source="status" label="Show" choices={STATUS_CHOICES} emptyText="All requests" alwaysOn />]}
      exporter={false}
      empty={false}
    >
      {phone ? (
        <ApprovalCards />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <ClubDateField source="requested_at" label="Asked" showTime sortable={false} />
          <TextField source="summary" label="Action" sortable={false} />
          <TextField source="reason" sortable={false} />
          <FunctionField label="Asked by" render={(r: RaRecord) => String(r.requested_by_name ?? '')} />
          <FunctionField label="Status" render={() => <StatusChip />} />
          <FunctionField label="Decision" render={() => <Decision />} />
          <FunctionField label="" render={() => <DecideButtons />} />
        </Datagrid>
      )}
    </List>
  );
}
