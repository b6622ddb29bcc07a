import { Stack } from '@mui/material';
import { Labeled, NumberField, TextField, useRecordContext } from 'react-admin';
import { ClubDateField } from '../ui/ClubDateField';

const mono = { fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all' } as const;

/**
 * A draw whose randomness is the drand beacon (DRAW_RANDOMNESS=drand): the chain and round it is
 * committed to, when that round is published, and after the draw the round's signature (the
 * revealed randomness below is its SHA-256). Nothing for commit-reveal draws.
 */
export function BeaconFields() {
  const record = useRecordContext();
  if (!record || record.draw_method !== 'beacon') return null;
  return (
    <Stack spacing={1} aria-label="drand beacon">
      <Labeled label="drand chain hash">
        <TextField source="beacon_chain_hash" sx={mono} emptyText="-" />
      </Labeled>
      <Labeled label="drand round">
        <NumberField source="beacon_round" options={{ useGrouping: false }} emptyText="-" />
      </Labeled>
      <Labeled label="Round published at">
        <ClubDateField source="beacon_round_at" showTime emptyText="-" />
      </Labeled>
      <Labeled label="Signature scheme">
        <TextField source="beacon_scheme" emptyText="-" />
      </Labeled>
      <Labeled label="Beacon URL">
        <TextField source="beacon_url" emptyText="-" />
      </Labeled>
      <Labeled label="Round signature">
        <TextField source="beacon_signature" sx={mono} emptyText="Not drawn yet" />
      </Labeled>
      {record.beacon_previous_signature ? (
        <Labeled label="Previous round signature">
          <TextField source="beacon_previous_signature" sx={mono} />
        </Labeled>
      ) : null}
    </Stack>
  );
}
