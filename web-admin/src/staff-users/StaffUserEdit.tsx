import { Alert } from '@mui/material';
import { BooleanInput, Edit, SaveButton, SelectInput, SimpleForm, TextField, Toolbar, useGetIdentity, useRecordContext } from 'react-admin';
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

/** Role and suspension; saving either ends the person's sessions, so they sign in again with the new rights. */
export function StaffUserEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <SimpleForm toolbar={<SaveOnly />}>
        <TextField source="name" />
        <TextField source="email" />
        <OwnAccountNote />
        <SelectInput source="role" choices={ROLE_CHOICES} />
        <BooleanInput source="suspended" helperText="A suspended account cannot sign in." />
        <Alert severity="warning">Saving a new role or a suspension signs this person out everywhere at once.</Alert>
      </SimpleForm>
    </Edit>
  );
}
