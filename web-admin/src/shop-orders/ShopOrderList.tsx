import { Datagrid, DateField, List, NumberField, SelectInput, TextField, TextInput, FunctionField } from 'react-admin';

const STATUSES = ['awaiting_payment', 'paid', 'packing', 'shipped', 'delivered', 'cancelled', 'refunded'].map((id) => ({
  id,
  name: id.replace('_', ' '),
}));
const filters = [<TextInput key="q" source="q" label="Number or email" alwaysOn />, <SelectInput key="status" source="status" choices={STATUSES} />];
const dollars = (cents: unknown) => `$${(Number(cents) / 100).toFixed(2)}`;

export function ShopOrderList() {
  return (
    <List filters={filters} sort={{ field: 'placed_at', order: 'DESC' }}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="number" />
        <DateField source="placed_at" showTime label="Placed" />
        <TextField source="email" />
        <TextField source="status" />
        <NumberField source="item_count" label="Items" />
        <FunctionField label="Total" render={(r: { total: number }) => dollars(r.total)} />
        <TextField source="tracking" emptyText="-" />
      </Datagrid>
    </List>
  );
}
export { dollars };
