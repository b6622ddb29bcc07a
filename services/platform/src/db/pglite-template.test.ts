import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { createPgliteSql } from './pglite';

describe('PGLITE_INITDB_TEMPLATE', () => {
  const kept = process.env.PGLITE_INITDB_TEMPLATE;
  const dir = mkdtempSync(join(tmpdir(), 'roar-pglite-template-test-'));
  afterEach(() => {
    if (kept === undefined) delete process.env.PGLITE_INITDB_TEMPLATE;
    else process.env.PGLITE_INITDB_TEMPLATE = kept;
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts a fresh database (in memory or on disk) as the template, and opens an existing one as it is', async () => {
    // A template with a table of its own, so a database made from it can be told from one made by initdb.
    const db = new PGlite();
    await db.waitReady;
    await db.exec('create table template_marker (n integer); insert into template_marker values (7)');
    const tarball = await db.dumpDataDir('none');
    await db.close();
    const path = join(dir, 'initdb.tar');
    writeFileSync(path, Buffer.from(await tarball.arrayBuffer()));
    process.env.PGLITE_INITDB_TEMPLATE = path;

    const memory = await createPgliteSql(null);
    expect((await memory.query('select n from template_marker')).rows).toEqual([{ n: 7 }]);
    await memory.close();

    const onDisk = join(dir, 'pglite');
    const first = await createPgliteSql(onDisk);
    await first.exec('insert into template_marker values (8)');
    await first.close();
    const again = await createPgliteSql(onDisk);
    expect((await again.query('select n from template_marker order by n')).rows).toEqual([{ n: 7 }, { n: 8 }]);
    await again.close();
  }, 120_000);
});
