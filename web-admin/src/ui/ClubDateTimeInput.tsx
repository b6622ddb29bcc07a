import { DateTimeInput, type DateTimeInputProps } from 'react-admin';
import { fromClubInputValue, toClubInputValue } from './display';
import { CLUB_TIME_ZONE } from '@roar/contracts/time';

/** A date-time input in Sydney time whatever the browser's zone, and saying so in its label. */
export function ClubDateTimeInput({ label, ...props }: DateTimeInputProps & { label: string }) {
  const parse = (v: string) => (v ? fromClubInputValue(v) : null);
  return <DateTimeInput {...props} label={`${label} (${CLUB_TIME_ZONE})`} format={toClubInputValue} parse={parse} />;
}
