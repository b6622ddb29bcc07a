import { Edit } from 'react-admin';
import { MembershipFields } from './MembershipFields';
import { EditForm } from '../ui/EditForm';

/** Saving sends a command (revise / change status) with the reason; the server decides, so no optimism. */
export function MembershipEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="show">
      <EditForm>
        <MembershipFields />
      </EditForm>
    </Edit>
  );
}
