import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useNotify, usePermissions } from 'react-admin';
import { staffSecuritySchema as settingsSchema, type StaffSecurity as Settings } from '@roar/contracts/staff';
import { waitingNotice } from '../approvals/waiting';
import { httpClient, postAction } from '../dataProvider';
import { formatClubDateTime } from '../ui/display';
import { formatCents } from '../memberships/MembershipList';

/** The dialog admins change the settings in: every change with a reason, logged. */
function ChangeSettings({ settings, onDone }: { settings: Settings; onDone: () => void }) {
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [fourEyes, setFourEyes] = useState(settings.four_eyes);
  const [refund, setRefund] = useState((settings.refund_above_cents / 100).toFixed(2));
  const [entries, setEntries] = useState(String(settings.entry_adjustment_above));
  const [scope, setScope] = useState(settings.two_factor_required_for);
  const [reason, setReason] = useState('');
  const refundCents = Math.round(Number(refund) * 100);
  const entryCount = Number(entries);
  const valid = Number.isFinite(refundCents) && refundCents >= 0 && Number.isInteger(entryCount) && entryCount >= 0 && reason.trim().length >= 3;
  const save = async () => {
    try {
      const answer = await postAction(
        '/staff-security',
        {
          four_eyes: fourEyes,
          refund_above_cents: refundCents,
          entry_adjustment_above: entryCount,
          two_factor_required_for: scope,
          reason: reason.trim(),
        },
        'PUT',
      );
      notify(waitingNotice(answer) ?? 'Staff security settings saved', { type: 'info' });
      setOpen(false);
      setReason('');
      onDone();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'The settings could not be saved', { type: 'error' });
    }
  };
  return (
    <>
      <Button variant="outlined" size="small" onClick={() => setOpen(true)}>
        Change
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="staff-security-title">
        <DialogTitle id="staff-security-title">Staff security settings</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
          <FormControlLabel control={<Switch checked={fourEyes} onChange={(e) => setFourEyes(e.target.checked)} />} label="Four-eyes approval" />
          <TextField
            label="Refunds above (AUD) need approval"
            type="number"
            slotProps={{ htmlInput: { min: 0, step: '0.01' } }}
            value={refund}
            onChange={(e) => setRefund(e.target.value)}
          />
          <TextField
            label="Entry adjustments above (entries) need approval"
            type="number"
            slotProps={{ htmlInput: { min: 0, step: 1 } }}
            value={entries}
            onChange={(e) => setEntries(e.target.value)}
          />
          <TextField
            select
            label="Two-factor sign-in required for"
            value={scope}
            onChange={(e) => setScope(e.target.value === 'all-staff' ? 'all-staff' : 'admins')}
          >
            <MenuItem value="admins">Admins</MenuItem>
            <MenuItem value="all-staff">Every staff user</MenuItem>
          </TextField>
          <TextField label="Reason" helperText="Recorded in the event log" value={reason} onChange={(e) => setReason(e.target.value)} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button variant="contained" disabled={!valid} onClick={() => void save()}>
            Save
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/**
 * The dashboard's staff security card: whether four-eyes approval is on (and who last switched it,
 * when and why), its thresholds, and whether every staff user who must has two-factor sign-in.
 */
export function StaffSecurityCard() {
  const { permissions } = usePermissions<string>();
  const [settings, setSettings] = useState<Settings | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    httpClient('/api/admin/staff-security').then(
      ({ json }) => {
        const parsed = settingsSchema.safeParse(json);
        if (parsed.success) setSettings(parsed.data);
        else setError('The staff security settings could not be read.');
      },
      (e: unknown) => setError(e instanceof Error ? e.message : 'The staff security settings could not be read.'),
    );
  }, []);
  useEffect(load, [load]);
  if (error) return <Alert severity="error">{error}</Alert>;
  if (!settings) return null;
  const last = settings.four_eyes_last_switch;
  return (
    <Card variant="outlined" sx={{ mb: 2 }} data-testid="staff-security">
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2">
            Staff security
          </Typography>
          {permissions === 'admin' && <ChangeSettings settings={settings} onDone={load} />}
        </Box>
        <Typography variant="body1" data-testid="four-eyes-status" sx={{ mt: 1 }}>
          Four-eyes approval is <strong>{settings.four_eyes ? 'on' : 'off'}</strong>
          {settings.four_eyes
            ? `: draws, published winners, role changes, refunds above ${formatCents(settings.refund_above_cents)} and entry adjustments above ${settings.entry_adjustment_above} wait for a second staff user.`
            : ': one staff user can draw, publish, refund and adjust alone.'}
        </Typography>
        {last && (
          <Typography variant="body2" color="text.secondary" data-testid="four-eyes-last-switch">
            Switched {last.on ? 'on' : 'off'} by {last.by_name}
            {last.approved_by_name ? `, approved by ${last.approved_by_name}` : ''}, {formatClubDateTime(last.at)}: “{last.reason}”
          </Typography>
        )}
        {settings.four_eyes && settings.approvers < 2 && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            Only one staff user can approve, so requests will wait. Add a second staff user, or switch four-eyes off if the club truly has one admin.
          </Alert>
        )}
        {!settings.four_eyes && (
          <Alert severity="info" sx={{ mt: 1 }}>
            {settings.approvers >= 2
              ? 'Four-eyes approval is off although a second staff user could approve: switch it back on.'
              : 'Four-eyes approval is off. Switch it on once a second staff user can approve.'}
          </Alert>
        )}
        <Typography variant="body2" sx={{ mt: 1 }} data-testid="two-factor-status">
          Two-factor sign-in: {settings.two_factor.required_enrolled} of {settings.two_factor.required}{' '}
          {settings.two_factor_required_for === 'admins' ? 'admins' : 'staff users'} enrolled
          {settings.two_factor.ready ? '' : ' (the others enrol at their next sign-in)'}
        </Typography>
      </CardContent>
    </Card>
  );
}
