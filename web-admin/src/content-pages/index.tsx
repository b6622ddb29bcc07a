import ArticleIcon from '@mui/icons-material/Article';
import { Create, Datagrid, Edit, List, required, SelectInput, SimpleForm, TextField, TextInput, type RaRecord } from 'react-admin';
import { ReasonInput } from '../memberships/MembershipFields';
import { VersionedForm } from './ContentVersions';
import { HtmlPreview } from './HtmlPreview';

export const CONTENT_STATUS_CHOICES = ['draft', 'published', 'archived'].map((id) => ({ id, name: id }));

function PageList() {
  return (
    <List pagination={false} exporter={false}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="path" />
        <TextField source="title" />
        <TextField source="status" />
      </Datagrid>
    </List>
  );
}

function PageFields({ creating = false }: { creating?: boolean }) {
  return (
    <>
      {creating && <TextInput source="path" validate={required()} helperText="Lower-case words joined by dashes, like /golf-etiquette" />}
      <TextInput source="title" validate={required()} fullWidth />
      <SelectInput
        source="status"
        choices={CONTENT_STATUS_CHOICES}
        validate={required()}
        defaultValue="draft"
        helperText="Drafts are never shown to members"
      />
      <TextInput
        source="content"
        label="Content (HTML)"
        multiline
        minRows={8}
        fullWidth
        helperText="Scripts, event handlers and javascript: links are removed on save"
      />
      <HtmlPreview source="content" />
      <ReasonInput />
    </>
  );
}

/** Saving stores a new version (the server decides, so no optimism); the history sits under the form. */
function PageEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect={false} aside={undefined}>
      <VersionedForm>
        <TextField source="path" />
        <PageFields />
      </VersionedForm>
    </Edit>
  );
}

function PageCreate() {
  return (
    <Create redirect="edit">
      <SimpleForm>
        <PageFields creating />
      </SimpleForm>
    </Create>
  );
}

export default { list: PageList, edit: PageEdit, create: PageCreate, icon: ArticleIcon, recordRepresentation: (r: RaRecord) => String(r.title) };
