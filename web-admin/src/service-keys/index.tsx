import KeyIcon from '@mui/icons-material/Key';
import { BooleanField, Datagrid, Edit, FunctionField, List, TextField, TextInput, type RaRecord } from 'react-admin';
import { ReasonInput } from '../memberships/MembershipFields';
import { EditForm } from '../ui/EditForm';

const HELP: Record<string, string> = {
  tag_manager_id: 'Google Tag Manager container, GTM-XXXXXXX',
  chat_provider: 'crisp or tawk; empty shows the support email and phone instead',
  chat_id: 'The chat provider’s website or property id',
  maps_key: 'Public maps key for the browser',
  payment_url: 'Payment portal URL',
  instagram_token: 'Instagram Graph API token (server only, never sent to browsers)',
  instagram_user_id: 'Instagram account id (digits); empty uses the token’s own account',
};

function KeyList() {
  return (
    <List pagination={false} exporter={false}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" />
        <FunctionField label="Value" render={(r: RaRecord) => (r.public ? String(r.token || '-') : r.token ? 'set (hidden)' : '-')} />
        <BooleanField source="public" label="Sent to browsers" />
      </Datagrid>
    </List>
  );
}

/** Admins only (the API refuses others); the history records who changed a key and why, not its value. */
function KeyEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <EditForm>
        <TextField source="name" />
        <FunctionField render={(r: RaRecord) => HELP[String(r.name)] ?? ''} />
        <TextInput source="token" label="Value" fullWidth defaultValue="" />
        <ReasonInput />
      </EditForm>
    </Edit>
  );
}

export default { list: KeyList, edit: KeyEdit, icon: KeyIcon, recordRepresentation: (r: RaRecord) => String(r.name) };
