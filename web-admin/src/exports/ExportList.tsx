import { Stack, Typography } from '@mui/material';
import { Datagrid, List, NumberField, TextField } from 'react-admin';
import { ClubDateField } from '../ui/ClubDateField';
import { ExportButton } from './ExportButton';

/** The CSV exports and the log of who took which (issue 14). Entrants are exported from a drawn prize's Entry list tab. */
export function ExportList() {
  return (
    <>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 2 }}>
        <ExportButton kind="members" label="Members CSV" />
        <ExportButton kind="payments" label="Payments CSV" />
        <ExportButton kind="referrals" label="Referrals CSV" />
        <ExportButton kind="teams" label="Teams CSV" />
        <ExportButton kind="winners" label="Winners CSV (permit return)" />
      </Stack>
      <Typography variant="body2" sx={{ mt: 1 }}>
        The entrants of a drawn giveaway are exported from its Entry list tab. Every export is logged below.
      </Typography>
      <List sort={{ field: 'taken_at', order: 'DESC' }} exporter={false} perPage={25} title="Exports">
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <ClubDateField source="taken_at" showTime label="Taken" />
          <TextField source="kind" />
          <TextField source="prize_id" label="Prize" emptyText="-" />
          <TextField source="staff_email" label="Taken by" />
          <TextField source="staff_role" label="Role" />
          <NumberField source="row_count" label="Rows" emptyText="-" />
        </Datagrid>
      </List>
    </>
  );
}
