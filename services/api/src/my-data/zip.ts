import type { MyData } from '@roar/contracts/my-data';
import { zipFiles } from '@roar/platform';
import { csvLine } from '../exports/csv';

/** Rows as CSV: one column per field seen in any row, in first-seen order. */
function toCsv(rows: readonly Record<string, unknown>[]): string {
  const columns: string[] = [];
  for (const row of rows) for (const key of Object.keys(row)) if (!columns.includes(key)) columns.push(key);
  return csvLine(columns) + rows.map((row) => csvLine(columns.map((c) => row[c]))).join('');
}

/** The zip: one JSON file per part of the answer, and CSV beside JSON for payments, entries and orders. */
export function myDataZip(data: MyData): Buffer {
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  const { payments, entries, orders, ...rest } = data;
  return zipFiles([
    ...Object.entries(rest).map(([key, value]) => ({ name: `${key}.json`, data: json(value) })),
    { name: 'payments.json', data: json(payments) },
    { name: 'payments.csv', data: toCsv(payments) },
    { name: 'entries.json', data: json(entries) },
    { name: 'entries.csv', data: toCsv(entries) },
    { name: 'orders.json', data: json(orders) },
    { name: 'orders.csv', data: toCsv(orders) },
  ]);
}
