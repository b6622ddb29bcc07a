import {
  BooleanField,
  Datagrid,
  DateField,
  FunctionField,
  NumberField,
  ReferenceManyField,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
  type RaRecord,
} from 'react-admin';
import { EventHistory } from '../events/EventHistory';
import { CATEGORY_CHOICES } from './choices';
import { CLUB_TIME_ZONE } from '@roar/contracts/time';

export function PartnerShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <FunctionField label="Logo" render={(r: RaRecord) => <img src={String(r.logo)} alt={`${String(r.name)} logo`} style={{ width: 200 }} />} />
        <TextField source="name" />
        <SelectField source="category" choices={CATEGORY_CHOICES} />
        <TextField source="status" />
        <BooleanField source="sample" />
        <NumberField source="sort" />
        <DateField source="updated_at" showTime label={`Updated (${CLUB_TIME_ZONE})`} options={{ timeZone: CLUB_TIME_ZONE }} />
        <ReferenceManyField label="Offers" reference="offers" target="partner_id">
          <Datagrid rowClick="show" bulkActionButtons={false}>
            <TextField source="title" />
            <TextField source="saving" />
            <TextField source="status" />
          </Datagrid>
        </ReferenceManyField>
        <EventHistory />
      </SimpleShowLayout>
    </Show>
  );
}
