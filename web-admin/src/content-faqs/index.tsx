import QuizIcon from '@mui/icons-material/Quiz';
import {
  Create,
  Datagrid,
  Edit,
  List,
  NumberField,
  NumberInput,
  required,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  type RaRecord,
} from 'react-admin';
import { ReasonInput } from '../memberships/MembershipFields';
import { CONTENT_STATUS_CHOICES } from '../content-pages';
import { VersionedForm } from '../content-pages/ContentVersions';
import { HtmlPreview } from '../content-pages/HtmlPreview';

function FaqList() {
  return (
    <List pagination={false} exporter={false}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <NumberField source="sort" />
        <TextField source="question" />
        <TextField source="status" />
      </Datagrid>
    </List>
  );
}

function FaqFields() {
  return (
    <>
      <TextInput source="question" validate={required()} fullWidth />
      <TextInput source="answer" label="Answer (HTML)" validate={required()} multiline minRows={4} fullWidth />
      <HtmlPreview source="answer" />
      <SelectInput source="status" choices={CONTENT_STATUS_CHOICES} validate={required()} defaultValue="draft" />
      <NumberInput source="sort" validate={required()} step={1} min={0} defaultValue={100} />
      <ReasonInput />
    </>
  );
}

const FaqEdit = () => (
  <Edit mutationMode="pessimistic" redirect={false}>
    <VersionedForm>
      <FaqFields />
    </VersionedForm>
  </Edit>
);
const FaqCreate = () => (
  <Create redirect="edit">
    <SimpleForm>
      <FaqFields />
    </SimpleForm>
  </Create>
);

export default { list: FaqList, edit: FaqEdit, create: FaqCreate, icon: QuizIcon, recordRepresentation: (r: RaRecord) => String(r.question) };
