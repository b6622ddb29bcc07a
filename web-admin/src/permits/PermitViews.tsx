import {
  Create,
  Datagrid,
  DateInput,
  Edit,
  FunctionField,
  List,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  required,
  usePermissions,
  type RaRecord,
  useListContext,
  useCreatePath,
  Link,
} from 'react-admin';
import { Card, CardContent, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { AU_STATES } from '@roar/contracts/common';
import { clubDay } from '@roar/contracts/time';
import { DocumentInput } from '../ui/DocumentInput';
import { EditForm } from '../ui/EditForm';

export const STATE_CHOICES = AU_STATES.map((id) => ({ id, name: id }));

/** Current, not yet started, or expired, on today's club day. */
export function permitStatus(record: RaRecord, today = clubDay(new Date())): string {
  if (String(record.valid_to) < today) return 'Expired';
  if (String(record.valid_from) > today) return 'Not yet valid';
  return 'Current';
}

const endsAfterStart = (value: unknown, values: Record<string, unknown>) =>
  typeof value === 'string' && typeof values.valid_from === 'string' && value.slice(0, 10) < values.valid_from.slice(0, 10)
    ? 'A permit cannot end before it starts.'
    : undefined;

/** The body the api takes: every field (dates as club days), the reason; never the id. */
const toBody = (d: Record<string, unknown>) => ({
  jurisdiction: d.jurisdiction,
  number: String(d.number ?? '').trim(),
  holder: String(d.holder ?? '').trim(),
  valid_from: String(d.valid_from ?? '').slice(0, 10),
  valid_to: String(d.valid_to ?? '').slice(0, 10),
  conditions: String(d.conditions ?? ''),
  document: d.document ?? null,
  reason: d.reason,
});

const filters = [<SelectInput key="jurisdiction" source="jurisdiction" choices={STATE_CHOICES} alwaysOn />];

/** On a phone each permit is a card (the table's seven columns need a wide screen); admins open it to edit. */
function PermitCards({ editable }: { editable: boolean }) {
  const { data } = useListContext();
  const createPath = useCreatePath();
  return (
    <Stack spacing={1} sx={{ p: 1 }}>
      {(data ?? []).map((record) => (
        <Card variant="outlined" key={String(record.id)} data-testid="permit-card">
          <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
            <Typography variant="subtitle1" component="h3">
              {editable ? (
                <Link to={createPath({ resource: 'permits', id: record.id, type: 'edit' })}>
                  {String(record.jurisdiction)} {String(record.number)}
                </Link>
              ) : (
                `${String(record.jurisdiction)} ${String(record.number)}`
              )}
            </Typography>
            <Typography variant="body2">{String(record.holder)}</Typography>
            <Typography variant="body2" color="text.secondary">
              {String(record.valid_from)} to {String(record.valid_to)}: {permitStatus(record)}
              {record.document ? ', document on file' : ''}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

/** The permits register (issue 22): NSW authorities, SA licences, ACT and NT permits, with their dates and status. */
export function PermitList() {
  const { permissions } = usePermissions<string>();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <List filters={filters} sort={{ field: 'valid_from', order: 'DESC' }} exporter={false}>
      {phone ? (
        <PermitCards editable={permissions === 'admin'} />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={permissions === 'admin' ? 'edit' : false}>
          <TextField source="jurisdiction" label="State" />
          <TextField source="number" />
          <TextField source="holder" sortable={false} />
          <TextField source="valid_from" label="Valid from" />
          <TextField source="valid_to" label="Valid to" />
          <FunctionField label="Status" render={(r: RaRecord) => permitStatus(r)} />
          <FunctionField label="Document" render={(r: RaRecord) => (r.document ? 'On file' : '-')} />
        </Datagrid>
      )}
    </List>
  );
}

function PermitFields() {
  return (
    <>
      <SelectInput source="jurisdiction" label="State or territory" choices={STATE_CHOICES} validate={required()} />
      <TextInput source="number" label="Permit number" validate={required()} />
      <TextInput source="holder" validate={required()} fullWidth />
      <DateInput source="valid_from" label="Valid from" validate={required()} />
      <DateInput source="valid_to" label="Valid to" validate={[required(), endsAfterStart]} />
      <TextInput source="conditions" multiline minRows={3} fullWidth defaultValue="" />
      <DocumentInput source="document" label="The permit document (PDF or image, kept privately)" uploadPath="/permits/documents" />
      <TextInput source="reason" validate={required()} helperText="Required: recorded with the change in the event log" fullWidth defaultValue="" />
    </>
  );
}

export function PermitCreate() {
  return (
    <Create transform={toBody} redirect="list">
      <SimpleForm defaultValues={{ conditions: '', document: null }}>
        <PermitFields />
      </SimpleForm>
    </Create>
  );
}

export function PermitEdit() {
  return (
    <Edit transform={toBody} mutationMode="pessimistic" redirect="list">
      <EditForm>
        <PermitFields />
      </EditForm>
    </Edit>
  );
}
