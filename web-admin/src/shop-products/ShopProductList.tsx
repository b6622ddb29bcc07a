import { BooleanField, Datagrid, FunctionField, List, SelectInput, TextField, TextInput, type RaRecord } from 'react-admin';
import { dollars } from '../shop-orders/ShopOrderList';
import { productTypeLabel, stockLabel, useShopTermNames } from './labels';

export function ShopProductList() {
  const { nameOf, choicesOf } = useShopTermNames();
  const filters = [
    <TextInput key="q" source="q" label="Search" alwaysOn />,
    <SelectInput key="category" source="category" choices={choicesOf('category')} />,
    <SelectInput key="brand" source="brand" choices={choicesOf('brand')} />,
  ];
  return (
    <List filters={filters} sort={{ field: 'created_at', order: 'DESC' }}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="name" />
        <FunctionField label="Category" render={(r: RaRecord) => nameOf('category', r.category)} />
        <FunctionField label="Brand" render={(r: RaRecord) => nameOf('brand', r.brand)} />
        <FunctionField label="Type" render={(r: RaRecord) => productTypeLabel(r.product_type)} />
        <FunctionField
          label="Price"
          render={(r: { price: number; price_max: number }) =>
            r.price === r.price_max ? dollars(r.price) : `${dollars(r.price)}-${dollars(r.price_max)}`
          }
        />
        <FunctionField label="Stock" render={(r: RaRecord) => stockLabel(r.stock_state)} />
        <BooleanField source="published" />
      </Datagrid>
    </List>
  );
}
