import { Edit } from 'react-admin';
import { PrizeFields, withoutEmptyClaimPeriod } from './PrizeFields';
import { EditForm } from '../ui/EditForm';

/** Saving sends commands (update, publish or archive) with the reason; the server decides. */
export function PrizeEdit() {
  return (
    <Edit
      mutationMode="pessimistic"
      redirect="show"
      transform={(data: Record<string, unknown>) => ({ ...withoutEmptyClaimPeriod(data), reason: data.reason })}
    >
      <EditForm>
        <PrizeFields />
      </EditForm>
    </Edit>
  );
}
