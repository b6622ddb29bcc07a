import {
  ArrayField,
  BooleanField,
  Datagrid,
  FunctionField,
  NumberField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { EventHistory } from '../events/EventHistory';
import { pccSetSchema, staffCourseSchema } from '@roar/contracts/clubhouse';
import { CommandDialogButton } from '../handicaps/CommandDialogButton';

const list = (v: string | undefined) =>
  (v ?? '')
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);

function CourseActions() {
  const record = useRecordContext();
  if (!record) return <TopToolbar />;
  const id = encodeURIComponent(String(record.id));
  return (
    <TopToolbar>
      <CommandDialogButton
        label="Set PCC"
        answer={pccSetSchema}
        title="Playing conditions (PCC) for a day"
        path={`/courses/${id}/pcc`}
        fields={[
          { name: 'played_on', label: 'Date (YYYY-MM-DD)', required: true },
          { name: 'pcc', label: 'PCC (-1 to +3)', required: true },
          { name: 'reason', label: 'Reason', required: true },
        ]}
        toBody={(v) => ({ played_on: (v.played_on ?? '').trim(), pcc: Number(v.pcc), reason: (v.reason ?? '').trim() })}
        done="PCC set; counted cards of that day are revised"
      />
      <CommandDialogButton
        label="Add or re-rate tee"
        answer={staffCourseSchema}
        title="Tee ratings (scorecards keep the rating they were played on)"
        path={`/courses/${id}/tees`}
        fields={[
          { name: 'tee_id', label: 'Tee id (e.g. blue)', required: true },
          { name: 'name', label: 'Name', required: true },
          { name: 'courseRating', label: 'Course rating', required: true },
          { name: 'slopeRating', label: 'Slope rating', required: true },
          { name: 'pars', label: 'Pars, hole by hole (9 or 18, comma separated)', required: true },
          { name: 'strokeIndexes', label: 'Stroke indexes, hole by hole', required: true },
          { name: 'reason', label: 'Reason', required: true },
        ]}
        toBody={(v) => {
          const pars = list(v.pars);
          return {
            tee_id: (v.tee_id ?? '').trim(),
            name: (v.name ?? '').trim(),
            holes: pars.length === 9 ? 9 : 18,
            courseRating: Number(v.courseRating),
            slopeRating: Number(v.slopeRating),
            pars,
            strokeIndexes: list(v.strokeIndexes),
            reason: (v.reason ?? '').trim(),
          };
        }}
        done="Tee saved"
      />
    </TopToolbar>
  );
}

export function CourseShow() {
  return (
    <Show actions={<CourseActions />}>
      <SimpleShowLayout>
        <TextField source="name" />
        <TextField source="location" />
        <BooleanField source="sample_data" label="Sample data (ratings illustrative, not official)" />
        <ArrayField source="tees">
          <Datagrid bulkActionButtons={false} rowClick={false}>
            <TextField source="name" />
            <NumberField source="holes" />
            <NumberField source="courseRating" label="Course rating" />
            <NumberField source="slopeRating" label="Slope" />
            <FunctionField label="Par" render={(t: { pars: number[] }) => t.pars.reduce((a, b) => a + b, 0)} />
            <FunctionField label="Pars" render={(t: { pars: number[] }) => t.pars.join(' ')} />
            <FunctionField label="Stroke index" render={(t: { strokeIndexes: number[] }) => t.strokeIndexes.join(' ')} />
            <NumberField source="ratingVersion" label="Rating version" />
          </Datagrid>
        </ArrayField>
        <FunctionField
          label="PCC by day"
          render={(c: { pcc: Record<string, number> }) =>
            Object.entries(c.pcc)
              .map(([d, p]) => `${d}: ${p > 0 ? '+' : ''}${p}`)
              .join(', ') || '-'
          }
        />
        <EventHistory />
      </SimpleShowLayout>
    </Show>
  );
}
