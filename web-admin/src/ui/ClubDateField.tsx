import { Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { formatClubDate, formatClubDateTime } from './display';

interface ClubDateFieldProps {
  readonly source: string;
  readonly label?: string;
  readonly showTime?: boolean;
  readonly emptyText?: string;
  readonly sortable?: boolean;
}

/** react-admin's DateField, shown in Sydney time like the member console (never the browser's zone). */
export function ClubDateField({ source, showTime = false, emptyText = '' }: ClubDateFieldProps) {
  const record = useRecordContext();
  const value: unknown = source
    .split('.')
    .reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), record);
  const text = (showTime ? formatClubDateTime(value) : formatClubDate(value)) ?? emptyText;
  return (
    <Typography component="span" variant="body2">
      {text}
    </Typography>
  );
}
