#!/usr/bin/env node
// Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of a built web app,
// at build time with the strongest settings, so the API serves them without compressing per
// request (services/api/src/static.ts). `node scripts/precompress.mjs <dist dir>`; run by each
// web app's `npm run build` after `vite build`.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
// Below this a compressed copy saves less than the headers it costs.
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (COMPRESSIBLE.test(entry)) yield path;
  }
}

export function precompress(dir) {
  let count = 0;
  let raw = 0;
  let br = 0;
  let gz = 0;
  for (const path of files(dir)) {
    const body = readFileSync(path);
    if (body.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    const gzip = gzipSync(body, { level: 9 });
    // A copy that is not smaller is not worth serving.
    if (brotli.length < body.length) writeFileSync(`${path}.br`, brotli);
    if (gzip.length < body.length) writeFileSync(`${path}.gz`, gzip);
    count += 1;
    raw += body.length;
    br += brotli.length;
    gz += gzip.length;
  }
  return { count, raw, br, gz };
}

if (process.argv[1] && import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node scripts/precompress.mjs <dist dir>');
    process.exit(2);
  }
  const r = precompress(dir);
  const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(`precompressed ${r.count} files in ${dir}: ${kib(r.raw)} -> brotli ${kib(r.br)}, gzip ${kib(r.gz)}`);
}
