import type { Response } from 'express';

/**
 * One CSV field: quoted when it holds a comma, quote or line break; a leading = + - @ (or tab/CR)
 * is prefixed with ' so a spreadsheet opening the file never runs it as a formula.
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (values: readonly unknown[]): string => `${values.map(csvField).join(',')}\r\n`;

/**
 * Streams a CSV page by page: `page(after)` answers the next rows after the last key (keyset
 * pagination, never OFFSET), so 100,000 rows are never in memory, and a slow client holds the
 * response back (write() answering false) instead of the server buffering the whole file.
 * Answers how many rows were written.
 */
export async function streamCsv<Row>(
  res: Response,
  filename: string,
  header: readonly string[],
  page: (after: Row | null) => Promise<Row[]>,
  toValues: (row: Row) => unknown[],
): Promise<number> {
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  res.write(csvLine(header));
  let count = 0;
  let last: Row | null = null;
  for (;;) {
    const rows = await page(last);
    if (rows.length === 0) break;
    const chunk = rows.map((r) => csvLine(toValues(r))).join('');
    count += rows.length;
    last = rows[rows.length - 1]!;
    if (!res.write(chunk)) await new Promise<void>((resolve) => res.once('drain', resolve));
  }
  res.end();
  return count;
}
