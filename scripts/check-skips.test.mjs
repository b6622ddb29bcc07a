import { describe, expect, it } from 'vitest';
import { unexpectedSkips } from './check-skips.mjs';

const root = '/repo';
const contract = 'EventStore contract: EventStoreDB (set EVENTSTORE_URL or run Docker) needs EventStoreDB';
const report = (files) => ({
  testResults: files.map(([name, tests]) => ({
    name: `${root}/${name}`,
    assertionResults: tests.map(([fullName, status]) => ({ fullName, status })),
  })),
});

describe('the CI check for skipped tests', () => {
  it('accepts the EventStoreDB contract suite skipped, and passed or failed tests anywhere', () => {
    const ok = report([
      [
        'services/platform/test/eventstore.contract.test.ts',
        [
          [contract, 'skipped'],
          ['EventStore contract: PGlite (in process) appends', 'passed'],
        ],
      ],
      [
        'services/api/test/members.test.ts',
        [
          ['signs up', 'passed'],
          ['pays', 'failed'],
        ],
      ],
    ]);
    expect(unexpectedSkips(ok, root)).toEqual([]);
  });

  it('names every other test that did not run, in any file, with its status', () => {
    const bad = report([
      [
        'services/platform/test/eventstore.contract.test.ts',
        [
          [contract, 'skipped'],
          ['EventStore contract: PostgreSQL (no server reachable) needs PostgreSQL', 'skipped'],
        ],
      ],
      ['e2e/member-account.test.ts', [['member login shows the message', 'skipped']]],
      [
        'services/api/test/shop.test.ts',
        [
          ['sells gift cards', 'todo'],
          ['races', 'pending'],
        ],
      ],
      // The allowed name in another file is not allowed.
      ['services/platform/test/other.test.ts', [[contract, 'skipped']]],
    ]);
    expect(unexpectedSkips(bad, root)).toEqual([
      'services/platform/test/eventstore.contract.test.ts > EventStore contract: PostgreSQL (no server reachable) needs PostgreSQL (skipped)',
      'e2e/member-account.test.ts > member login shows the message (skipped)',
      'services/api/test/shop.test.ts > sells gift cards (todo)',
      'services/api/test/shop.test.ts > races (pending)',
      `services/platform/test/other.test.ts > ${contract} (skipped)`,
    ]);
  });
});
