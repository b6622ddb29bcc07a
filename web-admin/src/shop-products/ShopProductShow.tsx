import {
  ArrayField,
  BooleanField,
  Datagrid,
  EditButton,
  FunctionField,
  NumberField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  type RaRecord,
} from 'react-admin';
import { EventHistory } from '../events/EventHistory';
import { dollars } from '../shop-orders/ShopOrderList';
import { productTypeLabel, stockLabel, useShopTermNames } from './labels';
import { StockButton } from './StockButton';

export function ShopProductShow() {
  const { nameOf } = useShopTermNames();
  return (
    <Show
      actions={
        <TopToolbar>
          <StockButton />
          <EditButton />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <TextField source="name" />
        <TextField source="slug" />
        <TextField source="description" />
        <FunctionField label="Type" render={(r: RaRecord) => productTypeLabel(r.product_type)} />
        <FunctionField label="Category" render={(r: RaRecord) => nameOf('category', r.category)} />
        <FunctionField label="Brand" render={(r: RaRecord) => nameOf('brand', r.brand)} />
        <FunctionField label="Supplier" render={(r: RaRecord) => nameOf('supplier', r.supplier)} />
        <FunctionField label="Stock" render={(r: RaRecord) => stockLabel(r.stock_state)} />
        <BooleanField source="published" />
        <TextField source="image_portrait" label="Image" />
        <ArrayField source="variants">
          <Datagrid bulkActionButtons={false} rowClick={false}>
            <TextField source="sku" label="SKU" />
            <FunctionField
              label="Attributes"
              render={(r: { attributes: Record<string, string> }) =>
                Object.entries(r.attributes)
                  .map(([k, v]) => `${k}: ${v}`)
                  .join(', ') || '-'
              }
            />
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
