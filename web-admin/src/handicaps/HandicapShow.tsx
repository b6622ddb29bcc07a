import { ArrayField, Datagrid, DateField, NumberField, Show, SimpleShowLayout, TextField, TopToolbar, useRecordContext } from 'react-admin';
import { EventHistory } from '../events/EventHistory';
import { handicapRecordSchema } from '@roar/contracts/clubhouse';
import { CommandDialogButton } from './CommandDialogButton';

function ReviewActions() {
  const record = useRecordContext();
  if (!record || record.status !== 'submitted') return <TopToolbar />;
  const id = encodeURIComponent(String(record.id));
  return (
    <TopToolbar>
      <CommandDialogButton
        label="Approve"
        answer={handicapRecordSchema}
        title="Approve: record the Golf Link number and official handicap"
        path={`/handicaps/${id}/approve`}
        fields={[
          { name: 'golf_link_number', label: 'Golf Link number', helperText: '10 digits', required: true },
          { name: 'handicap', label: 'Official GA Handicap', helperText: 'e.g. 15.2; a plus handicap as -1.5', required: true },
          { name: 'reason', label: 'Note (optional)' },
        ]}
        toBody={(v) => ({
          golf_link_number: (v.golf_link_number ?? '').trim(),
          handicap: Number(v.handicap),
          ...(v.reason?.trim() ? { reason: v.reason.trim() } : {}),
        })}
        done="Request approved"
      />
      <CommandDialogButton
        label="Reject"
        answer={handicapRecordSchema}
        color="error"
        title="Reject with a reason the member will read"
        path={`/handicaps/${id}/reject`}
        fields={[{ name: 'reason', label: 'Reason', helperText: 'Emailed to the member and kept in the event log', required: true }]}
        toBody={(v) => ({ reason: (v.reason ?? '').trim() })}
        done="Request rejected"
      />
    </TopToolbar>
  );
}

export function HandicapShow() {
  return (
    <Show actions={<ReviewActions />}>
      <SimpleShowLayout>
        <TextField source="id" label="Member" />
        <TextField source="member_email" label="Email" emptyText="-" />
        <TextField source="type" />
        <TextField source="status" />
        <TextField source="reject_reason" emptyText="-" />
        <TextField source="first_name" />
        <TextField source="last_name" />
        <TextField source="mobile" />
        <TextField source="dob" label="Date of birth" />
        <TextField source="address" />
        <TextField source="since" emptyText="-" />
        <TextField source="previous_golf_club" emptyText="-" />
        <TextField source="previous_golf_link_number" emptyText="-" />
        <TextField source="golf_link_number" emptyText="-" />
        <NumberField source="handicap" label="Official GA Handicap" emptyText="-" />
        <NumberField source="computed_index" label="Computed index (estimate)" emptyText="-" />
        <ArrayField source="scorecards" label="Scorecards">
          <Datagrid bulkActionButtons={false} rowClick={false}>
            <TextField source="played_on" />
            <TextField source="course_name" />
            <NumberField source="gross" />
            <NumberField source="differential" emptyText="-" />
            <NumberField source="adjusted_differential" emptyText="-" />
            <TextField source="status" />
          </Datagrid>
        </ArrayField>
        <ArrayField source="history" label="Index revisions">
          <Datagrid bulkActionButtons={false} rowClick={false}>
            <NumberField source="revision" />
            <DateField source="revised_at" showTime />
            <NumberField source="previous_index" emptyText="-" />
            <NumberField source="handicap_index" emptyText="-" />
            <TextField source="cause.kind" label="Cause" />
            <NumberField source="exceptional_reduction" />
            <TextField source="cap" />
            <TextField source="rule_version" />
          </Datagrid>
        </ArrayField>
        <DateField source="date_created" showTime />
        <DateField source="date_updated" showTime />
        <EventHistory />
      </SimpleShowLayout>
    </Show>
  );
}
