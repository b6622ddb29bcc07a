import HomeIcon from '@mui/icons-material/Home';
import { Box, Typography } from '@mui/material';
import { ArrayInput, Datagrid, Edit, FunctionField, List, required, SimpleFormIterator, TextInput, type RaRecord } from 'react-admin';
import { ReasonInput } from '../memberships/MembershipFields';
import { VersionedForm } from '../content-pages/ContentVersions';
import { FormPreview, rowsOf, textOf } from '../content-pages/FormPreview';
import type { HomeBlocksRecord } from '@roar/contracts/content';

function HomeBlocksList() {
  return (
    <List pagination={false} exporter={false}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <FunctionField
          label="How it works"
          render={(r: RaRecord) => ((r as Partial<HomeBlocksRecord>).how_it_works ?? []).map((c) => c.title).join(' · ')}
        />
        <FunctionField
          label="Feature blurbs"
          render={(r: RaRecord) => ((r as Partial<HomeBlocksRecord>).features ?? []).map((c) => c.title).join(' · ')}
        />
      </Datagrid>
    </List>
  );
}

/** The four how-it-works cards and three feature blurbs of the home page (partner-logo rows come from Partners). */
function HomeBlocksEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect={false}>
      <VersionedForm>
        <ArrayInput source="how_it_works" label="How it works (four cards)">
          <SimpleFormIterator disableAdd disableRemove disableReordering inline>
            <TextInput source="subtitle" validate={required()} />
            <TextInput source="title" validate={required()} />
            <TextInput source="copy" validate={required()} multiline fullWidth />
          </SimpleFormIterator>
        </ArrayInput>
        <ArrayInput source="features" label="Feature blurbs (three)">
          <SimpleFormIterator disableAdd disableRemove disableReordering inline>
            <TextInput source="title" validate={required()} />
            <TextInput source="copy" validate={required()} multiline fullWidth />
          </SimpleFormIterator>
        </ArrayInput>
        <FormPreview render={(v) => <HomeBlocksPreview values={v} />} />
        <ReasonInput />
      </VersionedForm>
    </Edit>
  );
}

/** The How It Works steps and the feature blurbs as the home page lays them out. */
function HomeBlocksPreview({ values }: { values: Record<string, unknown> }) {
  return (
    <>
      <Typography variant="h6" component="p">
        How It Works
      </Typography>
      <Box
        component="ol"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' }, gap: 2, p: 0, listStyle: 'none' }}
      >
        {rowsOf(values.how_it_works).map((card, i) => (
          <Box component="li" key={i} sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <Typography variant="overline" component="p">
              {i + 1}. {textOf(card.subtitle)}
            </Typography>
            <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700 }}>
              {textOf(card.title)}
            </Typography>
            <Typography variant="body2">{textOf(card.copy)}</Typography>
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 2, mt: 2 }}>
        {rowsOf(values.features).map((f, i) => (
          <Box key={i} sx={{ p: 2, borderTop: 3, borderColor: 'primary.main', bgcolor: 'background.paper' }}>
            <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700 }}>
              {textOf(f.title)}
            </Typography>
            <Typography variant="body2">{textOf(f.copy)}</Typography>
          </Box>
        ))}
      </Box>
    </>
  );
}

export default { list: HomeBlocksList, edit: HomeBlocksEdit, icon: HomeIcon, recordRepresentation: () => 'Home blocks' };
