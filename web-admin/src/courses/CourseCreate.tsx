import { Create, required, SimpleForm, TextInput } from 'react-admin';

export function CourseCreate() {
  return (
    <Create redirect="show" mutationMode="pessimistic">
      <SimpleForm>
        <TextInput source="name" validate={required()} />
        <TextInput source="location" defaultValue="" />
        <TextInput source="reason" validate={required()} helperText="Kept in the event log" />
      </SimpleForm>
    </Create>
  );
}
