import { Edit, SimpleForm } from 'react-admin';
import { MembershipFields } from './MembershipFields';

/** Saving sends a command (revise / change status) with the reason; the server decides, so no optimism. */
export function MembershipEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="show">
      <SimpleForm>
        <MembershipFields />
      </SimpleForm>
    </Edit>
  );
}
