import { Alert } from '@mui/material';
import { BooleanInput, Edit, SaveButton, SelectField, SimpleForm, TextField, Toolbar, useGetIdentity, useRecordContext } from 'react-admin';
import { ROLE_CHOICES } from './choices';

function OwnAccountNote() {
  const record = useRecordContext();
  const { identity } = useGetIdentity();
  if (!record || !identity || record.id !== identity.id) return null;
  return <Alert severity="info">This is your own account: another admin changes your role or suspends you.</Alert>;
}

function SaveOnly() {
  return (
    <Toolbar>
      <SaveButton />
    </Toolbar>
  );
}

/** Suspension (the role is changed from the list, with a reason); saving a suspension ends the person's sessions at once. */
export function StaffUserEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <SimpleForm toolbar={<SaveOnly />}>
        <TextField source="name" />
        <TextField source="email" />
        <OwnAccountNote />
        <SelectField source="role" choices={ROLE_CHOICES} />
        <BooleanInput source="suspended" helperText="A suspended account cannot sign in." />
        <Alert severity="warning">
          Saving a suspension signs this person out everywhere at once. Change a role with Change role on the list: it waits for a second staff user's
          approval when four-eyes is on.
        </Alert>
      </SimpleForm>
    </Edit>
  );
}
