import { ArrayField, BooleanField, Datagrid, FunctionField, NumberField, Show, SimpleShowLayout, TextField, type RaRecord } from 'react-admin';
import { formatCents } from './MembershipList';
import { SafeHtmlField } from '../ui/SafeHtml';

export function MembershipShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <NumberField source="id" />
        <TextField source="tier" />
        <TextField source="code" />
        <TextField source="status" />
        <TextField source="type" />
        <NumberField source="sort" />
        <BooleanField source="visible" />
        <TextField source="colour" />
        <FunctionField label="Price" render={(r: RaRecord) => formatCents(r.price_cents)} />
        <NumberField source="initial_tickets" />
        <NumberField source="cumulative_tickets" />
        <BooleanField source="bonus_draws" />
        <BooleanField source="weekly_draws" />
        <BooleanField source="rewards_access" />
        <BooleanField source="shop_access" />
        <NumberField source="referee_entries" />
        <NumberField source="referrer_entries" />
        <NumberField source="rewards_days" />
        <FunctionField label="Cashback maximum" render={(r: RaRecord) => formatCents(r.cashback_maximum_cents)} />
        <TextField source="stripe_id" emptyText="-" />
        <ArrayField source="items">
          <Datagrid bulkActionButtons={false} rowClick={false}>
            <SafeHtmlField source="title" kind="inline" />
          </Datagrid>
        </ArrayField>
      </SimpleShowLayout>
    </Show>
  );
}
