import { CLUB_TIME_ZONE } from '@roar/contracts/time';

/** Display formats of the Handicap record: dates D/MM/YYYY, since MM/YYYY, indexes to a tenth with plus handicaps as "+2.1". */
export function formatIndex(value: number | null): string {
  if (value === null) return '—';
  return value < 0 ? `+${Math.abs(value).toFixed(1)}` : value.toFixed(1);
}

export function formatDob(iso: string): string {
  const [y, m, d] = iso.split('-');
  return y && m && d ? `${Number(d)}/${m}/${y}` : iso;
}

export function formatSince(ym: string | null): string {
  if (!ym) return '—';
  const [y, m] = ym.split('-');
  return y && m ? `${m}/${y}` : ym;
}

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-AU', { day: 'numeric', month: 'short', year: 'numeric', timeZone: CLUB_TIME_ZONE });
}

export function formatPlayedOn(day: string): string {
  return formatDate(`${day}T12:00:00+10:00`);
}

export const STATUS_LABEL = { draft: 'Draft', submitted: 'Waiting for review', approved: 'Approved', rejected: 'Rejected' } as const;
export const TYPE_LABEL = { create: 'New handicap', transfer: 'Transfer' } as const;
