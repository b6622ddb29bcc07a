import { CheckboxGroupInput, NumberInput, required, SelectInput, TextInput } from 'react-admin';
import { AU_STATES } from '@roar/contracts/common';
import { PRIZE_STATUS_CHOICES, PRIZE_TYPE_CHOICES } from './choices';
import { MediaInput } from '../media/MediaInput';
import { ClubDateTimeInput } from '../ui/ClubDateTimeInput';
import { RichTextInput } from '../ui/RichTextInput';

const image = { parse: (v: string) => (v === '' ? null : v) };

/** The body to send: an empty claim period is left out (the prize keeps the club's default). */
export function withoutEmptyClaimPeriod(data: Record<string, unknown>): Record<string, unknown> {
  const { claim_period_days, ...rest } = data;
  return claim_period_days === null || claim_period_days === undefined ? rest : { ...rest, claim_period_days };
}

/** Every field of the spec's Prize; portraits left empty fall back to the plain image. */
export function PrizeFields() {
  return (
    <>
      <TextInput source="title" validate={required()} fullWidth />
      <TextInput source="slug" validate={required()} helperText="lower-case letters, digits and dashes" />
      <SelectInput source="status" choices={PRIZE_STATUS_CHOICES} defaultValue="draft" validate={required()} />
      <SelectInput source="prize_type_id" label="Prize type" choices={PRIZE_TYPE_CHOICES} defaultValue="vip" validate={required()} />
      {/* Rich text, never typed HTML (issue 14); the server still sanitises what the editor sends. */}
      <RichTextInput source="description" label="Description" helperText="Headings, bold, italics and lists; images go in the image fields below" />
      <ClubDateTimeInput source="prize_end_date" label="Entries close" validate={required()} />
      <NumberInput source="prize_value" label="Prize value (AUD)" validate={required()} min={0} step={0.01} />
      <NumberInput
        source="claim_period_days"
        label="Claim period (days)"
        min={1}
        max={365}
        step={1}
        parse={(v: string | number | null) => (v === '' || v === null ? null : Number(v))}
        helperText="Empty: the club's default claim period (Draw settings)"
      />
      <CheckboxGroupInput
        source="open_states"
        label="Open to residents of"
        choices={AU_STATES.map((id) => ({ id, name: id }))}
        helperText="Publishing needs a valid permit in each state whose threshold the prize value exceeds"
      />
      <TextInput source="event_date" label="Event date (display text)" {...image} />
      <NumberInput source="event_participants" min={0} step={1} />
      <MediaInput source="hero_image" label="Hero image" kind="prize" variant="landscape" alsoSets={{ hero_image_portrait: 'portrait' }} />
      <MediaInput source="hero_image_portrait" label="Hero image (portrait)" kind="prize" variant="portrait" />
      {[1, 2, 3].map((n) => (
        <TextInput key={n} source={`secondary_image_${n}`} fullWidth {...image} />
      ))}
      {[1, 2, 3].map((n) => (
        <TextInput key={`p${n}`} source={`secondary_image_${n}_portrait`} fullWidth {...image} />
      ))}
      <TextInput source="reason" validate={required()} helperText="Required: recorded with the change in the event log" fullWidth defaultValue="" />
    </>
  );
}
