import { ArrayField, Datagrid, DateField, FunctionField, NumberField, ReferenceField, Show, SimpleShowLayout, TextField } from 'react-admin';
import type { Address, StaffOrderRecord } from '@roar/contracts/shop';
import { EventHistory } from '../events/EventHistory';
import { OrderActions } from './OrderActions';
import { dollars } from './ShopOrderList';

type Order = StaffOrderRecord;
type Item = Order['items'][number];
type Card = Order['gift_cards'][number];
const addressLine = (a: Address | null) =>
  a ? `${a.first_name} ${a.last_name}, ${a.line1}${a.line2 ? `, ${a.line2}` : ''}, ${a.suburb} ${a.state} ${a.postcode}` : '-';

export function ShopOrderShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="number" />
        <TextField source="status" />
        <OrderActions />
        <ReferenceField source="member_id" reference="members" label="Member" link="show" />
        <TextField source="email" />
        <DateField source="placed_at" showTime label="Placed" />
        <DateField source="paid_at" showTime label="Paid" emptyText="-" />
        <TextField source="payment_id" label="Payment" emptyText="-" />
        <TextField source="carrier" emptyText="-" />
        <TextField source="tracking" label="Tracking number" emptyText="-" />
        <ArrayField source="items">
          <Datagrid bulkActionButtons={false} rowClick={false}>
            <TextField source="name" />
            <TextField source="sku" label="SKU" />
            <NumberField source="qty" />
            <FunctionField label="Unit" render={(r: Item) => dollars(r.unit_price)} />
            <FunctionField label="Line" render={(r: Item) => dollars(r.line_total)} />
            <TextField source="delivery_method" emptyText="emailed" />
          </Datagrid>
        </ArrayField>
        <FunctionField label="Subtotal" render={(r: Order) => dollars(r.subtotal)} />
        <FunctionField label="Discount" render={(r: Order) => dollars(r.discount)} />
        <FunctionField label="Shipping" render={(r: Order) => dollars(r.shipping)} />
        <FunctionField label="Total (GST incl.)" render={(r: Order) => `${dollars(r.total)} (GST ${dollars(r.tax)})`} />
        <FunctionField
          label="Paid with"
          render={(r: Order) =>
            r.gift_card_payment
              ? `Gift card ending ${r.gift_card_payment.last4}: ${dollars(r.gift_card_payment.cents)}; payment card: ${dollars(r.amount_due)}`
              : `Payment card: ${dollars(r.amount_due)}`
          }
        />
        <TextField source="rounding_rule" label="GST rounding rule" />
        <FunctionField label="Shipping address" render={(r: Order) => addressLine(r.shipping_address)} />
        <TextField source="notes" emptyText="-" />
        <TextField source="refund_reason" label="Refund reason (internal)" emptyText="-" />
        <TextField source="refund_message" label="Refund message to the member" emptyText="-" />
        <ArrayField source="gift_cards" label="Gift cards bought (a refund voids what is left on them)">
          <Datagrid bulkActionButtons={false} rowClick={false} empty={<span>None</span>}>
            <FunctionField label="Card" render={(r: Card) => `···· ${r.last4}`} />
            <FunctionField label="Value" render={(r: Card) => dollars(r.value_cents)} />
            <FunctionField label="Balance" render={(r: Card) => (r.balance_cents === null ? '-' : dollars(r.balance_cents))} />
            <FunctionField label="State" render={(r: Card) => (r.status === 'voided' ? 'Cancelled' : r.status === 'active' ? 'Active' : '-')} />
            <TextField source="expires_on" label="Valid until" emptyText="-" />
          </Datagrid>
        </ArrayField>
        <EventHistory />
      </SimpleShowLayout>
    </Show>
  );
}
