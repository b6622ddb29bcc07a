import { entrantMembersSql, migrateEntrantIdentities } from '../draws/identities';
import { randomUUID } from 'node:crypto';
import { Router, type Request } from 'express';
import { z } from 'zod';
import { exportLogSchema } from '@roar/contracts/staff';
import type { Sql } from '@roar/platform';
import { drawStatus, entrantExportPage, readTableColumns, readTablePage, winnersExportPage } from '@roar/projections';
import type { AppContext } from '../context';
import { requireStaff, staffOf } from '../auth/staff-tokens';
import { documentRoute } from '../http/openapi';
import { HttpError } from '../http/errors';
import { parseParams, parseQuery } from '../http/validate';
import { pageOf, parseListQuery, sendList } from '../staff-kit/simple-rest';
import { streamCsv } from './csv';

const PAGE = 2000;
export const EXPORT_KINDS = ['members', 'payments', 'referrals', 'teams', 'entrants', 'winners'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export const ENTRANTS_NOT_DRAWN = 'The entrants can be exported once the winner is drawn: until then an entrant id must not be linkable to a member.';

const kindParams = z.object({ kind: z.enum(EXPORT_KINDS) });
export const exportQuerySchema = z.object({ prize_id: z.string().min(1).max(200).optional() }).strict();

const migrated = new WeakSet<Sql>();
/** The export log (audit schema, owned by this module): who took which export, when, how many rows. */
async function migrate(sql: Sql): Promise<void> {
  if (migrated.has(sql)) return;
  await sql.exec(`
    create schema if not exists audit;
    create table if not exists audit.exports (
      id text primary key, kind text not null, prize_id text, staff_id text not null, staff_email text not null,
      staff_role text not null, taken_at timestamptz not null, finished_at timestamptz, row_count integer);
    create index if not exists exports_taken_at on audit.exports (taken_at desc);`);
  migrated.add(sql);
}

type Row = Record<string, unknown>;
interface Exporter {
  readonly header: readonly string[];
  page(after: Row | null): Promise<Row[]>;
  values(row: Row): unknown[];
}

/** A read-model table in key order, every column as stored. */
async function tableExporter(sql: Sql, table: string, key: string): Promise<Exporter> {
  const header = await readTableColumns(sql, table);
  return {
    header,
    page: async (after) => readTablePage(sql, table, key, after ? String(after[key]) : null, PAGE),
    values: (row) => header.map((h) => row[h]),
  };
}

async function entrantsExporter(sql: Sql, prizeId: string): Promise<Exporter> {
  const status = await drawStatus(sql, prizeId);
  if (!status) throw new HttpError(404, 'Not found.', 'NOT_FOUND');
  if (status !== 'drawn' && status !== 'published') throw new HttpError(409, ENTRANTS_NOT_DRAWN, 'CONFLICT');
  await migrateEntrantIdentities(sql);
  return {
    header: ['position', 'entrant_id', 'tickets', 'first_ticket', 'last_ticket', 'member_ids', 'firstname', 'lastname', 'email'],
    page: async (after) => entrantExportPage(sql, { prizeId, afterPosition: after ? Number(after.position) : -1, pageSize: PAGE, entrantMembersSql }),
    // Ticket numbers as members read them: counted from 1 (the draw stores offsets from 0).
    values: (r) => [
      Number(r.position) + 1,
      r.entrant_id,
      r.tickets,
      Number(r.first_ticket) + 1,
      Number(r.first_ticket) + Number(r.tickets),
      Array.isArray(r.member_ids) ? r.member_ids.join(' ') : '',
      r.firstname,
      r.lastname,
      r.email,
    ],
  };
}

/** What a state permit return asks for: the winner's name and state, the prize, its value, the draw date (Sydney). */
function winnersExporter(sql: Sql): Exporter {
  return {
    header: ['prize', 'prize_value', 'currency', 'draw_date', 'winner_name', 'state', 'published_as', 'member_id'],
    page: async (after) => winnersExportPage(sql, after ? String(after.id) : null, PAGE),
    values: (r) => {
      const display = typeof r.display === 'string' ? r.display : '';
      const state = /,\s*([A-Z]{2,3})$/.exec(display)?.[1] ?? '';
      return [
        r.title,
        r.prize_value,
        r.prize_value_currency,
        r.draw_date,
        [r.firstname, r.lastname].filter(Boolean).join(' '),
        state,
        display,
        r.member_id,
      ];
    },
  };
}

async function exporterFor(sql: Sql, kind: ExportKind, prizeId: string | undefined): Promise<Exporter> {
  switch (kind) {
    case 'members':
      return tableExporter(sql, 'members', 'id');
    case 'payments':
      return tableExporter(sql, 'payments', 'id');
    case 'referrals':
      return tableExporter(sql, 'referrals', 'referee_id');
    case 'teams':
      return tableExporter(sql, 'teams', 'id');
    case 'entrants':
      if (!prizeId) throw new HttpError(400, 'Choose the prize whose entrants to export (prize_id).', 'INVALID_PAYLOAD');
      return entrantsExporter(sql, prizeId);
    case 'winners':
      return winnersExporter(sql);
    default: {
      const _exhaustive: never = kind;
      return _exhaustive;
    }
  }
}

/**
 * CSV exports for staff (issue 14), streamed page by page, each logged in audit.exports with who
 * took it before the first byte goes out (row count once finished). Every role may export: an
 * export reads, it never acts. `GET /api/admin/exports` lists the log.
 */
export function exportsRouter(app: AppContext): Router {
  const router = Router();
  router.use(requireStaff(app));
  router.use(async (_req, _res, next) => {
    await migrate(app.sql);
    next();
  });

  router.get('/', async (req: Request, res) => {
    const query = parseListQuery(req, {
      sortFields: ['taken_at', 'kind'] as const,
      defaultSort: { field: 'taken_at', order: 'DESC' },
      filter: z.object({}).strict(),
    });
    const { offset, limit } = pageOf(query.range, 200);
    const [rows, total] = await Promise.all([
      app.sql.query<Row>(
        `select to_jsonb(x) as row from audit.exports x order by ${query.sort.field} ${query.sort.order}, id limit ${limit} offset ${offset}`,
      ),
      app.sql.query<{ n: string }>('select count(*)::text as n from audit.exports'),
    ]);
    sendList(
      res,
      'exports',
      rows.rows.map((r) => r.row as Row),
      offset,
      Number(total.rows[0]?.n ?? 0),
    );
  });

  router.get('/:kind.csv', async (req, res) => {
    const { kind } = parseParams(kindParams, req);
    const { prize_id } = parseQuery(exportQuerySchema, req);
    const exporter = await exporterFor(app.sql, kind, prize_id);
    const staff = staffOf(res);
    const id = randomUUID();
    await app.sql.query(
      'insert into audit.exports (id, kind, prize_id, staff_id, staff_email, staff_role, taken_at) values ($1, $2, $3, $4, $5, $6, $7)',
      [id, kind, prize_id ?? null, staff.id, staff.email, staff.role, app.now().toISOString()],
    );
    const day = app.now().toISOString().slice(0, 10);
    const count = await streamCsv(res, `${kind}${prize_id ? `-${prize_id}` : ''}-${day}.csv`, exporter.header, exporter.page, exporter.values);
    await app.sql.query('update audit.exports set finished_at = $2, row_count = $3 where id = $1', [id, app.now().toISOString(), count]);
  });
  return router;
}

documentRoute({
  method: 'get',
  path: '/api/admin/exports',
  tag: 'staff',
  auth: 'staff',
  summary: 'The export log: who took which CSV export, when, and how many rows',
  response: z.array(exportLogSchema),
  errors: [401],
});
documentRoute({
  method: 'get',
  path: '/api/admin/exports/:kind.csv',
  tag: 'staff',
  auth: 'staff',
  summary: `A CSV export, streamed: ${EXPORT_KINDS.join(', ')} (entrants need prize_id, once the winner is drawn); logged with who took it`,
  query: exportQuerySchema,
  responseType: 'text/csv',
  response: z.string().describe('CSV, a header line first'),
  errors: [400, 401, 404, 409],
});
