import { ArrayField, BooleanField, Datagrid, EditButton, FunctionField, NumberField, Show, SimpleShowLayout, TextField, TopToolbar } from 'react-admin';
import { EventHistory } from '../events/EventHistory';
import { dollars } from '../shop-orders/ShopOrderList';
import { StockButton } from './StockButton';

export function ShopProductShow() {
  return (
    <Show actions={<TopToolbar><StockButton /><EditButton /></TopToolbar>}>
      <SimpleShowLayout>
        <TextField source="name" />
        <TextField source="slug" />
        <TextField source="description" />
        <TextField source="product_type" label="Type" />
        <TextField source="category" />
        <TextField source="brand" />
        <TextField source="supplier" />
        <BooleanField source="published" />
        <TextField source="image_portrait" label="Image" />
        <ArrayField source="variants">
          <Datagrid bulkActionButtons={false} rowClick={false}>
            <TextField source="sku" label="SKU" />
            <FunctionField label="Attributes" render={(r: { attributes: Record<string, string> }) => Object.entries(r.attributes).map(([k, v]) => `${k}: ${v}`).join(', ') || '-'} />
            <FunctionField label="Price (GST incl.)" render={(r: { price_cents: number }) => dollars(r.price_cents)} />
            <NumberField source="on_hand" label="On hand" />
            <NumberField source="reserved" />
            <NumberField source="sold" />
          </Datagrid>
        </ArrayField>
        <EventHistory />
      </SimpleShowLayout>
    </Show>
  );
}
