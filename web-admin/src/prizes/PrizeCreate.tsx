import { Create, SimpleForm } from 'react-admin';
import { PrizeFields } from './PrizeFields';

export function PrizeCreate() {
  return (
    <Create redirect="show">
      <SimpleForm>
        <PrizeFields />
      </SimpleForm>
    </Create>
  );
}
