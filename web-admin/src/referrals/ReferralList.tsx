import { Datagrid, List, NumberField, ReferenceField, SelectArrayInput, TextField, TextInput } from 'react-admin';
import { ClubDateField } from '../ui/ClubDateField';

export const REFERRAL_STATUS_CHOICES = ['recorded', 'bonus-granted', 'voided'].map((id) => ({ id, name: id }));

const filters = [
  <TextInput key="q" source="q" label="Search name or email" alwaysOn />,
  <SelectArrayInput key="status" source="status" choices={REFERRAL_STATUS_CHOICES} alwaysOn />,
  <TextInput key="referrer_id" source="referrer_id" label="Referrer id" />,
  <TextInput key="referee_id" source="referee_id" label="Referred member id" />,
];

/** Who referred whom, and the bonus entries granted. */
export function ReferralList() {
  return (
    <List sort={{ field: 'recorded_at', order: 'DESC' }} filters={filters} perPage={25} exporter={false}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <ClubDateField source="recorded_at" showTime label="Recorded" />
        <ReferenceField source="referrer_id" reference="members" label="Referrer" link="show" />
        <ReferenceField source="referee_id" reference="members" label="Referred member" link="show" />
        <TextField source="status" />
        <NumberField source="referrer_entries" label="Referrer entries" emptyText="-" sortable={false} />
        <NumberField source="referee_entries" label="Referee entries" emptyText="-" sortable={false} />
        <ClubDateField source="granted_at" showTime label="Granted" emptyText="-" />
      </Datagrid>
    </List>
  );
}
