import HomeIcon from '@mui/icons-material/Home';
import { ArrayInput, Datagrid, Edit, FunctionField, List, required, SimpleFormIterator, TextInput, type RaRecord } from 'react-admin';
import { ReasonInput } from '../memberships/MembershipFields';
import { VersionedForm } from '../content-pages/ContentVersions';

function HomeBlocksList() {
  return (
    <List pagination={false} exporter={false}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <FunctionField label="How it works" render={(r: RaRecord) => ((r.how_it_works as { title: string }[] | undefined) ?? []).map((c) => c.title).join(' · ')} />
        <FunctionField label="Feature blurbs" render={(r: RaRecord) => ((r.features as { title: string }[] | undefined) ?? []).map((c) => c.title).join(' · ')} />
      </Datagrid>
    </List>
  );
}

/** The four how-it-works cards and three feature blurbs of the home page (partner-logo rows come from Partners). */
function HomeBlocksEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect={false}>
      <VersionedForm>
        <ArrayInput source="how_it_works" label="How it works (four cards)">
          <SimpleFormIterator disableAdd disableRemove disableReordering inline>
            <TextInput source="subtitle" validate={required()} />
            <TextInput source="title" validate={required()} />
            <TextInput source="copy" validate={required()} multiline fullWidth />
          </SimpleFormIterator>
        </ArrayInput>
        <ArrayInput source="features" label="Feature blurbs (three)">
          <SimpleFormIterator disableAdd disableRemove disableReordering inline>
            <TextInput source="title" validate={required()} />
            <TextInput source="copy" validate={required()} multiline fullWidth />
          </SimpleFormIterator>
        </ArrayInput>
        <ReasonInput />
      </VersionedForm>
    </Edit>
  );
}

export default { list: HomeBlocksList, edit: HomeBlocksEdit, icon: HomeIcon, recordRepresentation: () => 'Home blocks' };
