import { Alert, Box, Card, CardContent, Chip, CircularProgress, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link, useBasename } from 'react-admin';
import { complianceCalendarSchema, type ComplianceCalendar, type ComplianceCalendarKind } from '@roar/contracts/draw-records';
import { httpClient, parseAnswer } from '../dataProvider';
import { formatClubDate } from '../ui/display';

const KIND_LABEL: Record<ComplianceCalendarKind, string> = {
  permit_expiring: 'Permit expiring',
  permit_needed: 'Permit needed',
  lead_time: 'Lead time',
  claim_period_ending: 'Claim period ends',
  redraw_due: 'Redraw due',
  publication_due: 'Publication due',
};

const when = (days: number): string => (days < 0 ? `${-days} days overdue` : days === 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`);

/**
 * The compliance calendar (issue 22) on the staff dashboard: permits expiring, draws needing a
 * permit or running out of lead time, claim periods ending, redraws and publications due, each with
 * its date and a link to the permit or the prize.
 */
export function ComplianceCalendarCard() {
  const [calendar, setCalendar] = useState<ComplianceCalendar | null>(null);
  const [error, setError] = useState<string | null>(null);
  const basename = useBasename();
  useEffect(() => {
    httpClient('/api/admin/compliance-calendar')
      .then(({ json }) => parseAnswer(complianceCalendarSchema, json, 'the compliance calendar'))
      .then(setCalendar, (e: unknown) => setError(e instanceof Error ? e.message : 'The compliance calendar could not be read.'));
  }, []);
  return (
    <Card variant="outlined" sx={{ mb: 2, maxWidth: '100%' }} data-testid="compliance-calendar">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Compliance calendar
        </Typography>
        {error && <Alert severity="error">{error}</Alert>}
        {!error && !calendar && <CircularProgress size={24} aria-label="Loading the compliance calendar" />}
        {calendar && calendar.items.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            Nothing due in the next {calendar.horizon_days} days.
          </Typography>
        )}
        {calendar && calendar.items.length > 0 && (
          <List dense disablePadding aria-label="Compliance calendar">
            {calendar.items.map((item, i) => (
              <ListItem key={`${item.kind}-${item.link}-${item.state ?? ''}-${i}`} disableGutters divider alignItems="flex-start">
                <Box sx={{ minWidth: { xs: 92, sm: 120 }, pr: 1.5, pt: 0.75 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {formatClubDate(`${item.date}T12:00:00Z`) ?? item.date}
                  </Typography>
                  <Typography
                    variant="caption"
                    color={item.days_left < 0 ? 'error' : item.days_left <= 7 ? 'text.primary' : 'text.secondary'}
                    sx={{ fontWeight: item.days_left <= 7 ? 600 : 400 }}
                  >
                    {when(item.days_left)}
                  </Typography>
                </Box>
                <ListItemText
                  sx={{ minWidth: 0 }}
                  primary={
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                      <Chip size="small" label={KIND_LABEL[item.kind]} color={item.days_left < 0 ? 'error' : 'default'} />
                      <Link to={`${basename}${item.link}`}>{item.title}</Link>
                    </Box>
                  }
                  secondary={item.detail}
                  slotProps={{ primary: { component: 'div' }, secondary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
