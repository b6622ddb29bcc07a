import { Datagrid, FunctionField, List, ReferenceField, SelectInput, TextField, TextInput } from 'react-admin';
import { dollars } from '../shop-orders/ShopOrderList';
import { ClubDateField } from '../ui/ClubDateField';
import { CLUB_TIME_ZONE } from '../ui/display';

const filters = [
  <TextInput key="code" source="code" label="Whole code" alwaysOn />,
  <TextInput key="q" source="q" label="Last 4 or order number" alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    choices={[
      { id: 'active', name: 'Active' },
      { id: 'voided', name: 'Cancelled' },
    ]}
  />,
];

/** Gift cards by their last 4 (staff never see a code); a whole code read out by a member is looked up by its keyed hash. */
export function GiftCardList() {
  return (
    <List filters={filters} sort={{ field: 'issued_at', order: 'DESC' }}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <FunctionField label="Card" render={(r: { last4: string }) => `···· ${r.last4}`} />
        <FunctionField label="Value" render={(r: { value_cents: number }) => dollars(r.value_cents)} />
        <FunctionField label="Balance" render={(r: { balance_cents: number }) => dollars(r.balance_cents)} />
        <FunctionField label="State" render={(r: { status: string }) => (r.status === 'voided' ? 'Cancelled' : 'Active')} />
        <TextField source="expires_on" label="Valid until" />
        <ReferenceField source="order_id" reference="shop-orders" label="Bought with" link="show" />
        <ClubDateField source="issued_at" showTime label={`Issued (${CLUB_TIME_ZONE})`} />
      </Datagrid>
    </List>
  );
}
