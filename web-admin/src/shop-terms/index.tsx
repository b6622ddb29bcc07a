import CategoryIcon from '@mui/icons-material/Category';
import { Create, Datagrid, DeleteWithConfirmButton, List, NumberInput, SelectInput, SimpleForm, TextField, TextInput, required } from 'react-admin';
import { MediaInput } from '../media/MediaInput';

const KINDS = ['category', 'brand', 'supplier', 'attribute', 'banner'].map((id) => ({ id, name: id }));

function TermList() {
  return (
    <List filters={[<SelectInput key="kind" source="kind" choices={KINDS} alwaysOn />]} sort={{ field: 'kind', order: 'ASC' }}>
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="kind" />
        <TextField source="slug" />
        <TextField source="name" />
        <TextField source="link" emptyText="-" />
        <DeleteWithConfirmButton mutationMode="pessimistic" />
      </Datagrid>
    </List>
  );
}

function TermCreate() {
  return (
    <Create redirect="list">
      <SimpleForm defaultValues={{ kind: 'category' }}>
        <SelectInput source="kind" choices={KINDS} validate={required()} />
        <TextInput source="slug" validate={required()} helperText="lower-case-with-dashes" />
        <TextInput source="name" validate={required()} />
        <TextInput source="subtitle" helperText="Banners only" />
        <MediaInput source="image" label="Banner image (banners only)" kind="banner" variant="wide" />
        <TextInput source="link" helperText="Banners only: a path in the member console" />
        <NumberInput source="sort" helperText="Banners only" />
        <TextInput source="reason" validate={required()} fullWidth />
      </SimpleForm>
    </Create>
  );
}

/** Categories, brands, suppliers, attributes and banners of the shop settings. */
export default { list: TermList, create: TermCreate, icon: CategoryIcon, recordRepresentation: 'name' };
