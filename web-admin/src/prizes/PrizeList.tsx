import { Datagrid, List, NumberField, SearchInput, SelectInput, TextField } from 'react-admin';
import { ClubDateField } from '../ui/ClubDateField';
import { PRIZE_STATUS_CHOICES } from './choices';

const filters = [<SearchInput key="q" source="q" alwaysOn />, <SelectInput key="status" source="status" choices={PRIZE_STATUS_CHOICES} />];

export function PrizeList() {
  return (
    <List filters={filters} sort={{ field: 'prize_end_date', order: 'DESC' }}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="title" />
        <TextField source="slug" />
        <TextField source="status" />
        <TextField source="prize_type_id" label="Type" />
        <ClubDateField source="prize_end_date" label="Entries close" showTime />
        <TextField source="draw_status" label="Draw" />
        <NumberField source="entrant_count" label="Entrants" />
        <TextField source="winner_display" label="Winner" emptyText="-" />
      </Datagrid>
    </List>
  );
}
