import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { Box, Card, CardContent, Link as MuiLink, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useBasename } from 'react-admin';
import { Link } from 'react-router-dom';
import { launchChecklistSchema, type LaunchChecklist as Checklist } from '@roar/contracts/staff';
import { httpClient, parseAnswer } from '../dataProvider';
import { guideHref } from './guide';

/**
 * "Before you sell" at the top of the dashboard: what the club must set before it takes real money
 * (the server checks its own configuration), each item linking to the guide section that says how.
 * Gone once every check is done.
 */
export function LaunchChecklist() {
  const [checklist, setChecklist] = useState<Checklist | null>(null);
  const basename = useBasename();
  useEffect(() => {
    httpClient('/api/admin/launch-checklist')
      .then(({ json }) => parseAnswer(launchChecklistSchema, json, 'the launch checklist'))
      .then(setChecklist, () => setChecklist(null));
  }, []);
  if (!checklist || checklist.complete) return null;
  const open = checklist.checks.filter((c) => !c.done).length;
  return (
    <Card variant="outlined" component="section" aria-labelledby="before-you-sell-title" sx={{ mb: 2, borderColor: 'warning.main' }}>
      <CardContent>
        <Typography id="before-you-sell-title" variant="h6" component="h2">
          Before you sell
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {open === 1 ? 'One setting is' : `${open} settings are`} still in test mode. Set {open === 1 ? 'it' : 'them'} before the club takes real
          money.
        </Typography>
        <List dense>
          {checklist.checks.map((c) => (
            <ListItem key={c.id} disableGutters data-testid={`launch-check-${c.id}`}>
              <ListItemIcon sx={{ minWidth: 36 }}>
                {c.done ? <CheckCircleIcon color="success" aria-hidden /> : <RadioButtonUncheckedIcon color="warning" aria-hidden />}
              </ListItemIcon>
              <ListItemText
                primary={c.label}
                secondary={
                  <Box component="span" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                    <span>{c.done ? 'Done' : 'To do'}</span>
                    <MuiLink component={Link} to={`${basename}${guideHref(c.how)}`}>
                      How to set it
                    </MuiLink>
                  </Box>
                }
              />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
