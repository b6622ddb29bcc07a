import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, csvRow, zipStore } from './zip';

describe('zipStore', () => {
  it('computes the standard CRC-32', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array())).toBe(0);
  });

  it('writes an archive unzip extracts and checks, file by file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'zip-'));
    const files = { 'entrants.csv': csvRow(['entrant', 'state']) + csvRow(['a, "b"', 'NSW']), 'summary.txt': 'Draw p1 — VERIFIED\n' };
    const zip = zipStore(
      Object.entries(files).map(([name, content]) => ({ name, content })),
      new Date('2026-11-26T10:00:00Z'),
    );
    writeFileSync(join(dir, 'records.zip'), zip);
    expect(execFileSync('unzip', ['-t', join(dir, 'records.zip')]).toString()).toContain('No errors detected');
    execFileSync('unzip', ['-o', '-q', join(dir, 'records.zip'), '-d', join(dir, 'out')]);
    for (const [name, content] of Object.entries(files)) expect(readFileSync(join(dir, 'out', name), 'utf8')).toBe(content);
    expect(files['entrants.csv']).toContain('"a, ""b"""');
    const corrupt = Buffer.from(zip);
    corrupt.writeUInt8(corrupt.readUInt8(45) ^ 0xff, 45); // a byte of the first file's data: its CRC-32 no longer matches
    writeFileSync(join(dir, 'bad.zip'), corrupt);
    expect(() => execFileSync('unzip', ['-t', join(dir, 'bad.zip')], { stdio: 'pipe' })).toThrow();
    expect(() =>
      zipStore(
        [
          { name: 'a', content: '' },
          { name: 'a', content: '' },
        ],
        new Date(),
      ),
    ).toThrow('Duplicate');
  });
});
