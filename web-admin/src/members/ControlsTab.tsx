import { useEffect, useState } from 'react';
import { Alert, Box, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { memberControlsSchema, type MemberControls } from '@roar/contracts/member-controls';
import { httpClient, parseAnswer } from '../dataProvider';
import { formatClubDateTime } from '../ui/display';

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * Issue 23: the member's own limit, break or self-exclusion, read only. Staff cannot lift an
 * exclusion or a break: there is no action here, and the api has no route for it.
 */
export function ControlsTab() {
  const record = useRecordContext();
  const [controls, setControls] = useState<MemberControls | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = record?.id === undefined ? null : String(record.id);
  useEffect(() => {
    if (!id) return;
    let live = true;
    httpClient(`/api/admin/member-controls/${encodeURIComponent(id)}`)
      .then(({ json }) => live && setControls(parseAnswer(memberControlsSchema, json, "the member's limits")))
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      live = false;
    };
  }, [id]);
  if (error) return <Alert severity="error">{error}</Alert>;
  if (!controls) return null;
  return (
    <Box data-testid="member-controls">
      <Typography variant="body1">
        Monthly limit: <strong>{controls.monthly_limit_cents === null ? 'None' : money(controls.monthly_limit_cents)}</strong>
        {controls.left_this_month_cents !== null && ` (${money(controls.left_this_month_cents)} left this month)`}
      </Typography>
      {controls.pending_limit_applies_at && (
        <Typography variant="body2">
          Raised to {controls.pending_limit_cents === null ? 'no limit' : money(controls.pending_limit_cents)} from{' '}
          {formatClubDateTime(controls.pending_limit_applies_at)}
        </Typography>
      )}
      <Typography variant="body1" sx={{ mt: 1 }}>
        {controls.pause
          ? `${controls.pause.kind === 'break' ? 'On a break' : 'Self-excluded'} until ${formatClubDateTime(controls.pause.ends_at)} (billing: ${controls.pause.billing === 'pause' ? 'paused' : 'plan cancelled at period end'})`
          : 'No break or self-exclusion'}
      </Typography>
      <Typography variant="body2" sx={{ mt: 1 }}>
        Spent on draws this month: {money(controls.spent_this_month_cents)}. Staff cannot lift a break or self-exclusion.
      </Typography>
    </Box>
  );
}
