import { BooleanField, Datagrid, List, SelectField, TextField } from 'react-admin';
import { ROLE_CHOICES } from './choices';

export function StaffUserList() {
  return (
    <List pagination={false} sort={{ field: 'email', order: 'ASC' }}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" />
        <TextField source="email" />
        <SelectField source="role" choices={ROLE_CHOICES} />
        <BooleanField source="suspended" looseValue />
      </Datagrid>
    </List>
  );
}
