import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import { Datagrid, Edit, List, required, TextField, TextInput, type RaRecord } from 'react-admin';
import { ReasonInput } from '../memberships/MembershipFields';
import { VersionedForm } from '../content-pages/ContentVersions';
import { HtmlPreview } from '../content-pages/HtmlPreview';

const empty = (v: string) => (v === '' ? null : v);

function WinnersPageList() {
  return (
    <List pagination={false} exporter={false}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="overview_title" label="Overview title" />
        <TextField source="youtube_title_1" label="Video 1" emptyText="-" />
      </Datagrid>
    </List>
  );
}

/** The overview and up to four videos; a video shows to members only when both its title and YouTube link are set. */
function WinnersPageEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect={false}>
      <VersionedForm>
        <TextInput source="overview_title" validate={required()} fullWidth />
        <TextInput source="overview_description" label="Overview description (HTML)" multiline minRows={3} fullWidth />
        <HtmlPreview source="overview_description" />
        {[1, 2, 3, 4].map((n) => (
          <div key={n} style={{ display: 'flex', gap: 16, width: '100%' }}>
            <TextInput source={`youtube_title_${n}`} label={`Video ${n} title`} parse={empty} />
            <TextInput source={`youtube_url_${n}`} label={`Video ${n} YouTube link`} parse={empty} sx={{ flex: 1 }} />
          </div>
        ))}
        <ReasonInput />
      </VersionedForm>
    </Edit>
  );
}

export default {
  list: WinnersPageList,
  edit: WinnersPageEdit,
  icon: EmojiEventsIcon,
  recordRepresentation: (r: RaRecord) => String(r.overview_title),
};
