import { Chip } from '@mui/material';
import { Datagrid, FunctionField, List, SelectArrayInput, SelectInput, TextField, TextInput, type RaRecord } from 'react-admin';
import { ClubDateField } from '../ui/ClubDateField';

export const SUPPORT_STATUS_CHOICES = [
  { id: 'open', name: 'Open' },
  { id: 'answered', name: 'Answered' },
  { id: 'closed', name: 'Closed' },
];
export const SUPPORT_TOPIC_CHOICES = ['membership', 'payments', 'draws', 'shop', 'handicap', 'cashback', 'other'].map((id) => ({
  id,
  name: id.charAt(0).toUpperCase() + id.slice(1),
}));
const COLOUR: Record<string, 'warning' | 'success' | 'default'> = { open: 'warning', answered: 'success', closed: 'default' };

export const StatusChip = ({ record }: { record: RaRecord }) => (
  <Chip size="small" color={COLOUR[String(record.status)] ?? 'default'} label={String(record.status)} />
);

const filters = [
  <SelectArrayInput key="status" source="status" choices={SUPPORT_STATUS_CHOICES} alwaysOn />,
  <SelectInput key="topic" source="topic" choices={SUPPORT_TOPIC_CHOICES} />,
  <TextInput key="q" source="q" label="Search" alwaysOn />,
];

/** Open requests first by default: what waits for an answer. */
export function SupportRequestList() {
  return (
    <List sort={{ field: 'submitted_at', order: 'DESC' }} filters={filters} filterDefaultValues={{ status: ['open'] }} exporter={false}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <ClubDateField source="submitted_at" showTime label="Received" />
        <TextField source="name" />
        <TextField source="email" sortable={false} />
        <FunctionField label="Member" sortable={false} render={(r: RaRecord) => (r.member_id ? String(r.member_name ?? 'Member') : 'Visitor')} />
        <TextField source="topic" />
        <FunctionField
          label="Message"
          sortable={false}
          render={(r: RaRecord) => (String(r.message).length > 80 ? `${String(r.message).slice(0, 80)}…` : String(r.message))}
        />
        <FunctionField source="status" label="Status" render={(r: RaRecord) => <StatusChip record={r} />} />
      </Datagrid>
    </List>
  );
}
