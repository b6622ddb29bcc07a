import { BooleanField, Datagrid, FunctionField, List, TextField, TextInput } from 'react-admin';
import { dollars } from '../shop-orders/ShopOrderList';

const filters = [<TextInput key="q" source="q" label="Search" alwaysOn />, <TextInput key="category" source="category" />, <TextInput key="brand" source="brand" />];

export function ShopProductList() {
  return (
    <List filters={filters} sort={{ field: 'created_at', order: 'DESC' }}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="name" />
        <TextField source="category" />
        <TextField source="brand" />
        <TextField source="product_type" label="Type" />
        <FunctionField label="Price" render={(r: { price: number; price_max: number }) => (r.price === r.price_max ? dollars(r.price) : `${dollars(r.price)}-${dollars(r.price_max)}`)} />
        <TextField source="stock_state" label="Stock" />
        <BooleanField source="published" />
      </Datagrid>
    </List>
  );
}
