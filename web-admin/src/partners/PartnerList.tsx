import { BooleanField, Datagrid, FunctionField, List, NumberField, SelectField, TextField, type RaRecord } from 'react-admin';
import { CATEGORY_CHOICES } from './choices';

export function PartnerList() {
  return (
    <List sort={{ field: 'sort', order: 'ASC' }}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <FunctionField
          label="Logo"
          render={(r: RaRecord) => <img src={String(r.logo)} alt="" style={{ width: 90, height: 36, objectFit: 'contain' }} />}
        />
        <TextField source="name" />
        <SelectField source="category" choices={CATEGORY_CHOICES} />
        <TextField source="status" />
        <BooleanField source="sample" />
        <NumberField source="sort" />
      </Datagrid>
    </List>
  );
}
