import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import { Box, Typography } from '@mui/material';
import {
  BooleanField,
  BooleanInput,
  Create,
  Datagrid,
  Edit,
  FunctionField,
  List,
  NumberInput,
  required,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  type RaRecord,
} from 'react-admin';
import { ReasonInput } from '../memberships/MembershipFields';
import { MediaInput } from '../media/MediaInput';
import { CONTENT_STATUS_CHOICES } from '../content-pages';
import { VersionedForm } from '../content-pages/ContentVersions';
import { FormPreview, textOf } from '../content-pages/FormPreview';

function TestimonialList() {
  return (
    <List pagination={false} exporter={false}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <FunctionField
          label="Image"
          render={(r: RaRecord) => (r.image ? <img src={String(r.image)} alt="" width={40} height={40} style={{ borderRadius: '50%' }} /> : '-')}
        />
        <TextField source="name" />
        <TextField source="quote" />
        <BooleanField source="illustrative" />
        <TextField source="status" />
      </Datagrid>
    </List>
  );
}

/** Quote, name and image (a path the app serves; the media picker of the staff uploads may fill it). */
function TestimonialFields() {
  return (
    <>
      <TextInput source="quote" validate={required()} multiline fullWidth />
      <TextInput source="name" validate={required()} helperText="As members should read it, for example 'Jo, Geelong' (with the member's consent)" />
      <MediaInput source="image" label="Photo" kind="testimonial" variant="square" emptyValue="" />
      <BooleanInput source="illustrative" label="Illustrative example (not a real member's words)" defaultValue={false} />
      <SelectInput source="status" choices={CONTENT_STATUS_CHOICES} validate={required()} defaultValue="draft" />
      <NumberInput source="sort" validate={required()} step={1} min={0} defaultValue={100} />
      <FormPreview render={(v) => <TestimonialPreview values={v} />} />
      <ReasonInput />
    </>
  );
}

/** A testimonial as the home and winners pages show it: the quote in quotes, the photo, the name. */
function TestimonialPreview({ values }: { values: Record<string, unknown> }) {
  const image = textOf(values.image);
  return (
    <Box component="figure" sx={{ m: 0, maxWidth: 420 }}>
      {values.illustrative === true && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Illustrative examples, not real members, until members share their stories.
        </Typography>
      )}
      <Typography component="blockquote" sx={{ m: 0, fontStyle: 'italic' }}>
        “{textOf(values.quote)}”
      </Typography>
      <Box component="figcaption" sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
        {image ? <img src={image} alt="" width={48} height={48} style={{ borderRadius: '50%', objectFit: 'cover' }} /> : null}
        <Typography variant="subtitle2">{textOf(values.name)}</Typography>
      </Box>
      {values.status !== 'published' && (
        <Typography variant="caption" color="text.secondary">
          Not shown to members until its status is published.
        </Typography>
      )}
    </Box>
  );
}

const TestimonialEdit = () => (
  <Edit mutationMode="pessimistic" redirect={false}>
    <VersionedForm>
      <TestimonialFields />
    </VersionedForm>
  </Edit>
);
const TestimonialCreate = () => (
  <Create redirect="edit">
    <SimpleForm>
      <TestimonialFields />
    </SimpleForm>
  </Create>
);

export default {
  list: TestimonialList,
  edit: TestimonialEdit,
  create: TestimonialCreate,
  icon: FormatQuoteIcon,
  recordRepresentation: (r: RaRecord) => String(r.name),
};
