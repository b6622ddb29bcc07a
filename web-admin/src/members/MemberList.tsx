import { Datagrid, List, SearchInput, SelectInput, TextField } from 'react-admin';
import { ClubDateField } from '../ui/ClubDateField';

export const MEMBERSHIP_STATUS_CHOICES = [
  { id: 'none', name: 'No membership' },
  { id: 'active', name: 'Active' },
  { id: 'cancelled', name: 'Cancelled' },
  { id: 'payment_failed', name: 'Payment failed' },
];

const filters = [
  <SearchInput key="q" source="q" placeholder="Name or email" alwaysOn />,
  <SelectInput key="membership_status" source="membership_status" label="Plan status" choices={MEMBERSHIP_STATUS_CHOICES} />,
];

/** Members newest first; the search box matches first name, last name, full name or email. */
export function MemberList() {
  return (
    <List sort={{ field: 'registered_at', order: 'DESC' }} filters={filters} perPage={25} exporter={false}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="email" />
        <TextField source="firstname" label="First name" />
        <TextField source="lastname" label="Last name" />
        <TextField source="membership_tier" label="Plan" emptyText="-" />
        <TextField source="membership_status" label="Plan status" />
        <ClubDateField source="membership_end_date" label="Plan ends" emptyText="no end" />
        <ClubDateField source="registered_at" label="Registered" showTime />
      </Datagrid>
    </List>
  );
}
