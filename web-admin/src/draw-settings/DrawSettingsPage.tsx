import { Alert, Box, Button, Card, CardContent, FormControlLabel, Stack, Switch, TextField as MuiTextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Title, useNotify, usePermissions } from 'react-admin';
import { drawSettingsAnswerSchema, type DrawSettingsAnswer } from '@roar/contracts/draw-settings';
import { httpClient, parseAnswer, postAction } from '../dataProvider';

type Text = 'promoterName' | 'abn' | 'address' | 'drawPlace' | 'disputesText';
type Days = 'defaultClaimPeriodDays' | 'publicationDays';
interface Draft {
  text: Record<Text, string>;
  days: Record<Days, string>;
  allowMinorFreeAccounts: boolean;
  reason: string;
}
const draftOf = (s: DrawSettingsAnswer): Draft => ({
  text: { promoterName: s.promoterName, abn: s.abn, address: s.address, drawPlace: s.drawPlace, disputesText: s.disputesText },
  days: { defaultClaimPeriodDays: String(s.defaultClaimPeriodDays), publicationDays: String(s.publicationDays) },
  allowMinorFreeAccounts: s.allowMinorFreeAccounts,
  reason: '',
});
const TEXT_FIELDS: readonly { key: Text; label: string; multiline?: boolean; helper?: string }[] = [
  { key: 'promoterName', label: 'Promoter name' },
  { key: 'abn', label: 'ABN', helper: '11 digits; checked against the ABR checksum' },
  { key: 'address', label: 'Promoter address' },
  { key: 'drawPlace', label: 'Where draws take place' },
  { key: 'disputesText', label: 'Disputes (shown in every draw’s terms)', multiline: true },
];

/**
 * The club's draw settings (issue 22): the promoter named in every draw's terms, the default
 * claim period, the days within which winners are published and whether minors may hold free
 * accounts. One form; every staff user reads it, admins save it with a reason.
 */
export function DrawSettingsPage() {
  const notify = useNotify();
  const { permissions } = usePermissions<string>();
  const [settings, setSettings] = useState<DrawSettingsAnswer | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    httpClient('/api/admin/draw-settings')
      .then(({ json }) => {
        const s = parseAnswer(drawSettingsAnswerSchema, json, 'the draw settings');
        setSettings(s);
        setDraft(draftOf(s));
      })
      .catch((e: unknown) => setError(e instanceof Error ? e.message : 'The settings could not be read'));
  }, []);
  const admin = permissions === 'admin';
  const save = async (d: Draft) => {
    setBusy(true);
    try {
      const answer = await postAction(
        '/draw-settings',
        {
          ...Object.fromEntries(Object.entries(d.text).map(([k, v]) => [k, v.trim()])),
          defaultClaimPeriodDays: Number(d.days.defaultClaimPeriodDays),
          publicationDays: Number(d.days.publicationDays),
          allowMinorFreeAccounts: d.allowMinorFreeAccounts,
          reason: d.reason.trim(),
        },
        'PUT',
      );
      const s = parseAnswer(drawSettingsAnswerSchema, answer, 'the draw settings');
      setSettings(s);
      setDraft(draftOf(s));
      notify('Draw settings saved', { type: 'info' });
    } catch (e) {
      notify(e instanceof Error ? e.message : 'Saving the settings failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ mt: 1 }}>
      <Title title="Draw settings" />
      {error && <Alert severity="error">{error}</Alert>}
      {draft && settings && (
        <Card>
          <CardContent>
            <Typography variant="body2" color="text.secondary">
              {settings.updated_at
                ? `Last changed ${new Date(settings.updated_at).toLocaleString('en-AU')} (version ${settings.version})`
                : 'The defaults: never edited'}
            </Typography>
            {TEXT_FIELDS.map((f) => (
              <MuiTextField
                key={f.key}
                label={f.label}
                helperText={f.helper}
                value={draft.text[f.key]}
                onChange={(e) => setDraft({ ...draft, text: { ...draft.text, [f.key]: e.target.value } })}
                multiline={f.multiline}
                minRows={f.multiline ? 3 : undefined}
                fullWidth
                margin="dense"
                disabled={!admin}
              />
            ))}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1 }}>
              <MuiTextField
                label="Default claim period (days)"
                type="number"
                value={draft.days.defaultClaimPeriodDays}
                onChange={(e) => setDraft({ ...draft, days: { ...draft.days, defaultClaimPeriodDays: e.target.value } })}
                disabled={!admin}
              />
              <MuiTextField
                label="Publish winners within (days)"
                type="number"
                value={draft.days.publicationDays}
                onChange={(e) => setDraft({ ...draft, days: { ...draft.days, publicationDays: e.target.value } })}
                disabled={!admin}
              />
            </Stack>
            <FormControlLabel
              sx={{ mt: 1 }}
              control={
                <Switch
                  checked={draft.allowMinorFreeAccounts}
                  onChange={(e) => setDraft({ ...draft, allowMinorFreeAccounts: e.target.checked })}
                  disabled={!admin}
                />
              }
              label="Allow free accounts (without entries) for members under 18"
            />
            {admin && (
              <>
                <MuiTextField
                  label="Reason"
                  helperText="Required: recorded with the change"
                  value={draft.reason}
                  onChange={(e) => setDraft({ ...draft, reason: e.target.value })}
                  fullWidth
                  margin="dense"
                />
                <Button variant="contained" sx={{ mt: 1 }} disabled={busy || draft.reason.trim().length < 3} onClick={() => void save(draft)}>
                  Save settings
                </Button>
              </>
            )}
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
