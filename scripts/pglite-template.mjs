import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * vitest's global setup: one PGlite data folder initialised for the whole run, as a tarball that
 * every fresh embedded database of the run (tests in this process's workers, and the product
 * processes the browser tests start, which inherit the environment) loads instead of running
 * initdb again (services/platform/src/db/pglite.ts). Removed when the run ends.
 */
/** @returns {Promise<() => void>} */
export default async function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'roar-pglite-template-'));
  const db = new PGlite();
  await db.waitReady;
  const tarball = await db.dumpDataDir('none');
  await db.close();
  const path = join(dir, 'initdb.tar');
  writeFileSync(path, Buffer.from(await tarball.arrayBuffer()));
  process.env.PGLITE_INITDB_TEMPLATE = path;
  return () => rmSync(dir, { recursive: true, force: true });
}
