import { BooleanField, ChipField, Datagrid, FunctionField, List, NumberField, SelectInput, TextField, type RaRecord } from 'react-admin';
import { STATUS_CHOICES } from './choices';

const filters = [<SelectInput key="status" source="status" label="Status" choices={STATUS_CHOICES} alwaysOn />];

/** The catalogue as the read model holds it; rows open the show page, where edit lives. */
export function MembershipList() {
  return (
    <List sort={{ field: 'sort', order: 'ASC' }} filters={filters} perPage={25}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <NumberField source="id" />
        <NumberField source="sort" />
        <TextField source="tier" />
        <TextField source="code" />
        <ChipField source="status" />
        <TextField source="type" />
        <FunctionField source="price_cents" label="Price" render={(record: RaRecord) => formatCents(record.price_cents)} />
        <NumberField source="initial_tickets" />
        <NumberField source="cumulative_tickets" />
        <BooleanField source="visible" />
      </Datagrid>
    </List>
  );
}

export function formatCents(cents: unknown): string {
  return typeof cents === 'number' ? `$${(cents / 100).toFixed(2)}` : '';
}
