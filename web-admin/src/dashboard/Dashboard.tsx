import { Alert, Box, Card, CardContent, CircularProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, Title, useCreatePath } from 'react-admin';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CLUB_TIME_ZONE } from '@roar/contracts/time';
import { dashboardSchema, type Dashboard as Figures } from '@roar/contracts/staff';
import { httpClient, parseAnswer } from '../dataProvider';
import { formatClubDateTime } from '../ui/display';
import { formatCents } from '../memberships/MembershipList';
import { LaunchChecklist } from './LaunchChecklist';
import { StaffSecurityCard } from './StaffSecurityCard';
import { ComplianceCalendarCard } from './ComplianceCalendarCard';

const COLOURS = ['#2f6bff', '#12a150', '#f5b82e', '#db2777', '#7c3aed', '#0ea5e9', '#b54708'];
const shortDay = (day: string) => day.slice(5);

/** One count a day as bars (sign-ups, failed payments): the days along the bottom, whole numbers up the side. */
function DailyBars({ data, dataKey, name, fill }: { data: ReadonlyArray<{ day: string }>; dataKey: string; name: string; fill: string }) {
  return (
    <ResponsiveContainer width="100%" height={220}>
      <BarChart data={[...data]}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="day" tickFormatter={shortDay} minTickGap={20} />
        <YAxis allowDecimals={false} width={40} />
        <Tooltip />
        <Bar dataKey={dataKey} name={name} fill={fill} />
      </BarChart>
    </ResponsiveContainer>
  );
}

function Panel({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card variant="outlined" sx={{ flex: { xs: '1 1 100%', md: '1 1 420px' }, minWidth: 0, maxWidth: '100%' }} data-testid={testId}>
      <CardContent sx={{ overflowX: 'auto' }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function Figure({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  return (
    <Card variant="outlined" sx={{ flex: '1 1 160px' }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h4" component="p" data-testid={testId}>
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** The staff console's landing page (issue 14): the figures come from the dashboard read model. */
export function Dashboard() {
  const [figures, setFigures] = useState<Figures | null>(null);
  const [error, setError] = useState<string | null>(null);
  const createPath = useCreatePath();
  useEffect(() => {
    httpClient('/api/admin/dashboard?days=90')
      .then(({ json }) => parseAnswer(dashboardSchema, json, 'the dashboard'))
      .then(setFigures, (e: unknown) => setError(e instanceof Error ? e.message : 'The dashboard could not be read.'));
  }, []);
  if (error) return <Alert severity="error">{error}</Alert>;
  if (!figures) return <CircularProgress aria-label="Loading the dashboard" />;
  const last = figures.mrrAndChurn[figures.mrrAndChurn.length - 1];
  const signups = figures.signups.reduce((n, d) => n + d.count, 0);
  const active = figures.activeByTier.map((d) => ({ day: d.day, ...d.tiers }));
  const money = figures.mrrAndChurn.map((d) => ({ day: d.day, mrr: d.mrrCents / 100, cancelled: d.cancelled }));
  const failed = figures.failedPayments.map((d) => ({ day: d.day, failed: d.count }));
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: '100%', overflowX: 'hidden' }}>
      <Title title="Dashboard" />
      <LaunchChecklist />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {figures.from} to {figures.to}, days in {CLUB_TIME_ZONE}
      </Typography>
      <StaffSecurityCard />
      <ComplianceCalendarCard />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <Figure label="Sign-ups (90 days)" value={signups} testId="figure-signups" />
        <Figure label="Monthly recurring revenue" value={formatCents(last?.mrrCents ?? 0)} testId="figure-mrr" />
        <Figure label="Renewals due (7 days)" value={figures.renewalsDue} testId="figure-renewals" />
        {figures.memberControls && (
          <>
            <Figure label="Members on a break" value={figures.memberControls.onBreak} testId="figure-on-break" />
            <Figure label="Self-excluded members" value={figures.memberControls.selfExcluded} testId="figure-self-excluded" />
            <Figure label="Members with a spending limit" value={figures.memberControls.withLimit} testId="figure-with-limit" />
          </>
        )}
        {figures.waiting.map((w) => (
          <Figure key={w.name} label={`${w.name} waiting`} value={w.count} testId={`figure-waiting-${w.name}`} />
        ))}
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
        <Panel title="Sign-ups per day" testId="chart-signups">
          <DailyBars data={figures.signups} dataKey="count" name="Sign-ups" fill={COLOURS[0]!} />
        </Panel>
        <Panel title="Active members by tier" testId="chart-active">
          <ResponsiveContainer width="100%" height={220}>
            <LineChart data={active}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="day" tickFormatter={shortDay} minTickGap={20} />
              <YAxis allowDecimals={false} width={40} />
              <Tooltip />
              <Legend />
              {figures.tiers.map((t, i) => (
                <Line key={t} type="stepAfter" dataKey={t} stroke={COLOURS[i % COLOURS.length]} dot={false} />
              ))}
            </LineChart>
          </ResponsiveContainer>
        </Panel>
        <Panel title="MRR (AUD) and cancellations" testId="chart-mrr">
          <ResponsiveContainer width="100%" height={220}>
            <LineChart data={money}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="day" tickFormatter={shortDay} minTickGap={20} />
              <YAxis yAxisId="mrr" width={60} />
              <YAxis yAxisId="churn" orientation="right" allowDecimals={false} width={30} />
              <Tooltip />
              <Legend />
              <Line yAxisId="mrr" type="stepAfter" dataKey="mrr" name="MRR" stroke={COLOURS[1]} dot={false} />
              <Line yAxisId="churn" type="monotone" dataKey="cancelled" name="Cancelled" stroke={COLOURS[3]} dot={false} />
            </LineChart>
          </ResponsiveContainer>
        </Panel>
        <Panel title="Entries granted by source (90 days)" testId="chart-entries">
          <ResponsiveContainer width="100%" height={220}>
            <BarChart data={figures.entriesBySource} layout="vertical">
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis type="number" allowDecimals={false} />
              <YAxis type="category" dataKey="source" width={110} />
              <Tooltip />
              <Bar dataKey="entries" name="Entries" fill={COLOURS[2]} />
            </BarChart>
          </ResponsiveContainer>
        </Panel>
        <Panel title="Failed payments per day" testId="chart-failed">
          <DailyBars data={failed} dataKey="failed" name="Failed payments" fill={COLOURS[3]!} />
        </Panel>
        <Panel title="Draw calendar" testId="draw-calendar">
          <Table size="small" aria-label="Draw calendar">
            <TableHead>
              <TableRow>
                <TableCell>Giveaway</TableCell>
                <TableCell>Entries close (Sydney)</TableCell>
                <TableCell>Draw</TableCell>
                <TableCell align="right">Entries</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {figures.drawCalendar.map((d) => (
                <TableRow key={d.id}>
                  <TableCell>
                    <Link to={createPath({ resource: 'prizes', id: d.id, type: 'show' })}>{d.title}</Link>
                  </TableCell>
                  <TableCell>{formatClubDateTime(d.prizeEndDate)}</TableCell>
                  <TableCell>{d.drawStatus}</TableCell>
                  <TableCell
                    align="right"
                    title={
                      d.frozenTickets === null
                        ? 'Stacked pool plus single entries for this draw, before eligibility rules'
                        : 'Tickets in the frozen list'
                    }
                  >
                    {d.frozenTickets ?? d.stackedPool + d.singleEntries}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Panel>
      </Stack>
    </Box>
  );
}
