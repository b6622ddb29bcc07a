import { BooleanField, Datagrid, DateField, List, TextField } from 'react-admin';

export function CourseList() {
  return (
    <List pagination={false} sort={{ field: 'name', order: 'ASC' }}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="name" />
        <TextField source="location" />
        <BooleanField source="sample_data" label="Sample data" />
        <DateField source="updated_at" showTime />
      </Datagrid>
    </List>
  );
}
