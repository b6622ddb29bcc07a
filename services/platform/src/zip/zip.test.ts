import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { crc32, zipFiles } from './index.js';

describe('zipFiles', () => {
  it('computes the standard CRC-32', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    expect(crc32(Buffer.alloc(0))).toBe(0);
  });

  it('writes a zip that a standard unzip reads back byte for byte', () => {
    const files = [
      { name: 'member.json', data: JSON.stringify({ name: 'Zoë', payments: [{ amountCents: 2500 }] }) },
      { name: 'csv/payments.csv', data: 'id,amount_cents\np1,2500\n' },
      { name: 'empty.txt', data: Buffer.alloc(0) },
    ];
    const dir = mkdtempSync(join(tmpdir(), 'zip-test-'));
    try {
      const path = join(dir, 'out.zip');
      writeFileSync(path, zipFiles(files));
      execFileSync('python3', [
        '-c',
        'import sys,zipfile; z=zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; z.extractall(sys.argv[2])',
        path,
        join(dir, 'x'),
      ]);
      for (const file of files) {
        expect(readFileSync(join(dir, 'x', file.name))).toEqual(Buffer.from(file.data));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses duplicate and unsafe names', () => {
    expect(() =>
      zipFiles([
        { name: 'a', data: '1' },
        { name: 'a', data: '2' },
      ]),
    ).toThrow(/duplicate/);
    expect(() => zipFiles([{ name: '../a', data: '1' }])).toThrow(/unsafe/);
  });
});
