import { DateField, FunctionField, NumberField, Show, SimpleShowLayout, TextField, TopToolbar, useRecordContext, ReferenceField } from 'react-admin';
import { EventHistory } from '../events/EventHistory';
import { staffScorecardSchema } from '@roar/contracts/clubhouse';
import { CommandDialogButton } from '../handicaps/CommandDialogButton';

function ScoreActions() {
  const record = useRecordContext();
  if (!record || record.status === 'voided') return <TopToolbar />;
  const id = encodeURIComponent(String(record.id));
  return (
    <TopToolbar>
      <CommandDialogButton
        label="Correct"
        answer={staffScorecardSchema}
        title="Correct the hole scores"
        path={`/scorecards/${id}/correct`}
        fields={[
          { name: 'gross_scores', label: 'Gross scores, hole by hole (comma separated)', required: true },
          { name: 'reason', label: 'Reason', required: true },
        ]}
        toBody={(v) => ({
          gross_scores: (v.gross_scores ?? '')
            .split(/[\s,]+/)
            .filter(Boolean)
            .map(Number),
          reason: (v.reason ?? '').trim(),
        })}
        done="Score corrected; the index is revised"
      />
      <CommandDialogButton
        label="Void"
        answer={staffScorecardSchema}
        color="error"
        title="Void this scorecard"
        path={`/scorecards/${id}/void`}
        fields={[{ name: 'reason', label: 'Reason', required: true }]}
        toBody={(v) => ({ reason: (v.reason ?? '').trim() })}
        done="Scorecard voided"
      />
    </TopToolbar>
  );
}

export function ScorecardShow() {
  return (
    <Show actions={<ScoreActions />}>
      <SimpleShowLayout>
        <ReferenceField source="member_id" reference="members" label="Member" link={false} />
        <TextField source="course_name" />
        <TextField source="tee_name" />
        <TextField source="played_on" />
        <FunctionField label="Gross, hole by hole" render={(r: { gross_scores?: number[] }) => (r.gross_scores ?? []).join(' ')} />
        <FunctionField label="Pars" render={(r: { pars?: number[] }) => (r.pars ?? []).join(' ')} />
        <NumberField source="gross" />
        <NumberField source="adjusted_gross_score" emptyText="-" />
        <NumberField source="pcc" label="PCC" />
        <NumberField source="differential" emptyText="-" />
        <NumberField source="adjusted_differential" emptyText="-" />
        <TextField source="status" />
        <TextField source="marker_email" />
        <DateField source="attest_by" showTime />
        <TextField source="void_reason" emptyText="-" />
        <EventHistory />
      </SimpleShowLayout>
    </Show>
  );
}
