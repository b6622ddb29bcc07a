import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField as MuiTextField,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Title, useNotify, usePermissions } from 'react-admin';
import { AU_STATES } from '@roar/contracts/common';
import { complianceRulesAnswerSchema, NATIONAL_RULE_KEYS, type ComplianceRulesAnswer } from '@roar/contracts/compliance';
import { clubDay } from '@roar/contracts/time';
import { httpClient, parseAnswer, postAction } from '../dataProvider';

const NATIONAL_LABELS: Record<string, string> = {
  entryMinimumAge: 'Minimum entry age (years)',
  unclaimedRedrawMinMonths: 'Unclaimed prize redraw after (months)',
  recordsRetentionYears: 'Records kept for (years)',
  winnersPublicationDays: 'Winners published within (days)',
  selfExclusionMinMonths: 'Shortest self-exclusion (months)',
  limitRaiseDelayHours: 'A raised spending limit applies after (hours)',
};
const dollars = (cents: number | null) => (cents === null ? 'No permit needed' : `$${(cents / 100).toLocaleString('en-AU')}`);

interface Draft {
  target: string;
  value: string;
  lead: string;
  effective_from: string;
  source: string;
  reason: string;
}
const emptyDraft = (): Draft => ({ target: 'NSW', value: '', lead: '', effective_from: clubDay(new Date()), source: '', reason: '' });

/**
 * The compliance rules (issue 22): each state's permit threshold and lead time and the national
 * rules, each with its value, effective date and source; the rows in force today first, then every
 * value ever set. Admins add a new value from an effective date (history is kept as events).
 */
export function ComplianceRules() {
  const notify = useNotify();
  const { permissions } = usePermissions<string>();
  const [rules, setRules] = useState<ComplianceRulesAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [busy, setBusy] = useState(false);
  const load = useCallback(async () => {
    try {
      const { json } = await httpClient('/api/admin/compliance-rules');
      setRules(parseAnswer(complianceRulesAnswerSchema, json, 'the compliance rules'));
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The rules could not be read');
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const national = (NATIONAL_RULE_KEYS as readonly string[]).includes(draft.target);
  const set = (key: keyof Draft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value }));
  const save = async () => {
    setBusy(true);
    try {
      const common = { effective_from: draft.effective_from, source: draft.source.trim(), reason: draft.reason.trim() };
      const answer = national
        ? await postAction('/compliance-rules/national', { key: draft.target, value: Number(draft.value), ...common })
        : await postAction('/compliance-rules/jurisdictions', {
            jurisdiction: draft.target,
            permit_threshold_cents: draft.value.trim() === '' ? null : Math.round(Number(draft.value) * 100),
            lead_time_business_days: draft.lead.trim() === '' ? null : Number(draft.lead),
            ...common,
          });
      setRules(parseAnswer(complianceRulesAnswerSchema, answer, 'the compliance rules'));
      setDraft(emptyDraft());
      notify('Rule saved', { type: 'info' });
    } catch (e) {
      notify(e instanceof Error ? e.message : 'Saving the rule failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const today = clubDay(new Date());
  return (
    <Box sx={{ mt: 1 }}>
      <Title title="Compliance rules" />
      {error && <Alert severity="error">{error}</Alert>}
      {rules && (
        <Stack spacing={2}>
          <Card>
            <CardContent sx={{ overflowX: 'auto' }}>
              <Typography variant="h6" component="h2">
                Permit rules in force ({today})
              </Typography>
              <Table size="small" sx={{ minWidth: 720 }} aria-label="Permit rules in force">
                <TableHead>
                  <TableRow>
                    <TableCell>State</TableCell>
                    <TableCell>Permit needed above</TableCell>
                    <TableCell>Lead time (business days)</TableCell>
                    <TableCell>Effective from</TableCell>
                    <TableCell>Source</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rules.in_force.jurisdictions.map((r) => (
                    <TableRow key={r.jurisdiction} data-testid={`rule-${r.jurisdiction}`}>
                      <TableCell>{r.jurisdiction}</TableCell>
                      <TableCell>{dollars(r.permit_threshold_cents)}</TableCell>
                      <TableCell>{r.lead_time_business_days ?? '-'}</TableCell>
                      <TableCell>{r.effective_from}</TableCell>
                      <TableCell sx={{ maxWidth: 360, wordBreak: 'break-word' }}>{r.source}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
                National rules in force
              </Typography>
              <Table size="small" sx={{ minWidth: 720 }} aria-label="National rules in force">
                <TableHead>
                  <TableRow>
                    <TableCell>Rule</TableCell>
                    <TableCell>Value</TableCell>
                    <TableCell>Effective from</TableCell>
                    <TableCell>Source</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rules.in_force.national.map((r) => (
                    <TableRow key={r.key} data-testid={`rule-${r.key}`}>
                      <TableCell>{NATIONAL_LABELS[r.key] ?? r.key}</TableCell>
                      <TableCell>{r.value}</TableCell>
                      <TableCell>{r.effective_from}</TableCell>
                      <TableCell sx={{ maxWidth: 360, wordBreak: 'break-word' }}>{r.source}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </CardContent>
          </Card>
          {permissions === 'admin' && (
            <Card>
              <CardContent>
                <Typography variant="h6" component="h2">
                  Set a new value
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  The value takes effect on its date; earlier values stay in the history below.
                </Typography>
                <Box
                  sx={{ mt: 1, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(4, minmax(0, 1fr))' }, alignItems: 'start' }}
                >
                  <MuiTextField select label="Rule" value={draft.target} onChange={set('target')} sx={{ minWidth: 240 }}>
                    {AU_STATES.map((s) => (
                      <MenuItem key={s} value={s}>
                        {s} permit threshold
                      </MenuItem>
                    ))}
                    {NATIONAL_RULE_KEYS.map((k) => (
                      <MenuItem key={k} value={k}>
                        {NATIONAL_LABELS[k]}
                      </MenuItem>
                    ))}
                  </MuiTextField>
                  <MuiTextField
                    label={national ? 'Value' : 'Permit needed above (AUD)'}
                    helperText={national ? undefined : 'Empty: no permit needed'}
                    type="number"
                    value={draft.value}
                    onChange={set('value')}
                  />
                  {!national && <MuiTextField label="Lead time (business days)" type="number" value={draft.lead} onChange={set('lead')} />}
                  <MuiTextField
                    label="Effective from"
                    type="date"
                    value={draft.effective_from}
                    onChange={set('effective_from')}
                    slotProps={{ inputLabel: { shrink: true } }}
                  />
                </Box>
                <MuiTextField
                  label="Source"
                  helperText="The Act, regulation or regulator page"
                  value={draft.source}
                  onChange={set('source')}
                  fullWidth
                  margin="dense"
                />
                <MuiTextField label="Reason" value={draft.reason} onChange={set('reason')} fullWidth margin="dense" />
                <Button
                  variant="contained"
                  sx={{ mt: 1 }}
                  disabled={busy || draft.source.trim().length < 3 || draft.reason.trim().length < 3 || (national && draft.value.trim() === '')}
                  onClick={() => void save()}
                >
                  Save rule
                </Button>
              </CardContent>
            </Card>
          )}
          <Card>
            <CardContent sx={{ overflowX: 'auto' }}>
              <Typography variant="h6" component="h2">
                History
              </Typography>
              <Table size="small" sx={{ minWidth: 720 }} aria-label="Every value set">
                <TableHead>
                  <TableRow>
                    <TableCell>Rule</TableCell>
                    <TableCell>Value</TableCell>
                    <TableCell>Effective from</TableCell>
                    <TableCell>Source</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rules.jurisdictions.map((r, i) => (
                    <TableRow key={`j${i}`}>
                      <TableCell>{r.jurisdiction} permit threshold</TableCell>
                      <TableCell>
                        {dollars(r.permit_threshold_cents)}
                        {r.lead_time_business_days !== null ? `, ${r.lead_time_business_days} business days ahead` : ''}
                      </TableCell>
                      <TableCell>{r.effective_from}</TableCell>
                      <TableCell sx={{ maxWidth: 360, wordBreak: 'break-word' }}>{r.source}</TableCell>
                    </TableRow>
                  ))}
                  {rules.national.map((r, i) => (
                    <TableRow key={`n${i}`}>
                      <TableCell>{NATIONAL_LABELS[r.key] ?? r.key}</TableCell>
                      <TableCell>{r.value}</TableCell>
                      <TableCell>{r.effective_from}</TableCell>
                      <TableCell sx={{ maxWidth: 360, wordBreak: 'break-word' }}>{r.source}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </CardContent>
          </Card>
        </Stack>
      )}
    </Box>
  );
}
