import { Router } from 'express';
import { myDataFormatSchema, type MyData } from '@roar/contracts/my-data';
import { MemberDataRequested, myDataStreamId } from '@roar/domain';
import { toNewEvents, zipFiles } from '@roar/platform';
import type { AppContext } from '../context';
import { memberOf, requireMember } from '../auth/member';
import { memberCommandContext } from '../kernel/context';
import { csvLine } from '../exports/csv';
import { collectMyData } from './collect';

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

/** Issue 23 (APP 12): the member's own data, as JSON or a zip; every request is logged first. */
export function createMyDataRouter(app: AppContext): Router {
  const router = Router();
  router.get('/api/my-data', requireMember(app), async (req, res) => {
    const format = myDataFormatSchema.safeParse(req.query.format ?? 'json');
    if (!format.success) return void res.status(400).json({ error: 'Choose json or zip.' });
    const { memberId } = memberOf(res);
    const now = app.now();
    const event = { type: MemberDataRequested.type, data: { memberId, format: format.data, at: now.toISOString() } };
    await app.store.append(myDataStreamId(memberId), toNewEvents(app.registry, [event], memberCommandContext(memberId, req, now)), 'any');
    const data = await collectMyData(app, memberId, now);
    if (format.data === 'json') return void res.json(data);
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', `attachment; filename="my-data-${now.toISOString().slice(0, 10)}.zip"`);
    res.setHeader('Cache-Control', 'no-store');
    res.send(myDataZip(data));
  });
  return router;
}
