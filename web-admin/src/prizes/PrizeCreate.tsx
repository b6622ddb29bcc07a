import { Create, SimpleForm } from 'react-admin';
import { PrizeFields, withoutEmptyClaimPeriod } from './PrizeFields';

export function PrizeCreate() {
  return (
    <Create redirect="show" transform={withoutEmptyClaimPeriod}>
      <SimpleForm>
        <PrizeFields />
      </SimpleForm>
    </Create>
  );
}
