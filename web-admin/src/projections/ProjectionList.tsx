import { Datagrid, FunctionField, List, NumberField, TextField, type RaRecord } from 'react-admin';
import { failedEventLabel } from './FailedEvent';
import { ClubDateField } from '../ui/ClubDateField';
import { rebuildLabel } from './rebuildLabel';

/** Each read model with its checkpoint: a projector far behind the log or in error shows here first. */
export function ProjectionList() {
  return (
    <List pagination={false} perPage={100} sort={{ field: 'name', order: 'ASC' }} exporter={false}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="name" />
        <NumberField source="version" sortable={false} />
        <TextField source="state" sortable={false} />
        <TextField source="position" sortable={false} emptyText="-" />
        <ClubDateField source="updated_at" showTime label="Checkpoint written" sortable={false} emptyText="-" />
        <FunctionField label="Stopped at event" render={(r: RaRecord) => failedEventLabel(r)} />
        <TextField source="last_error" sortable={false} emptyText="-" />
        <FunctionField label="Last rebuild" render={(r: RaRecord) => rebuildLabel(r.rebuild)} />
      </Datagrid>
    </List>
  );
}
