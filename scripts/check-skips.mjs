#!/usr/bin/env node
// After `npm test` in CI: reads vitest's JSON report and fails when any test other than the allowed
// one was skipped, pending or todo, naming each. A suite that skips itself (a route it probes is
// missing, a service it did not find) is a check that did not run: in CI that is a failure.
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The only skip CI accepts: the EventStore contract suite against EventStoreDB, which runs where
 * EVENTSTORE_URL is set or Docker can start one (neither is on the CI machine). Matched by file and
 * full test name, so nothing else in that file, and no other suite, can hide behind it.
 */
export const ALLOWED_SKIPS = [
  {
    file: 'services/platform/test/eventstore.contract.test.ts',
    fullName: 'EventStore contract: EventStoreDB (set EVENTSTORE_URL or run Docker) needs EventStoreDB',
  },
];

/** Every test in the report that did not run (any status but passed and failed) and is not allowed, as "file > name (status)". */
export function unexpectedSkips(report, root, allowed = ALLOWED_SKIPS) {
  const found = [];
  for (const file of report.testResults ?? []) {
    const path = relative(root, file.name).split('\\').join('/');
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'passed' || test.status === 'failed') continue;
      if (allowed.some((a) => a.file === path && a.fullName === test.fullName)) continue;
      found.push(`${path} > ${test.fullName} (${test.status})`);
    }
  }
  return found;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const reportPath = process.argv[2] ?? '.tmp/vitest.json';
  const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
  const report = JSON.parse(readFileSync(reportPath, 'utf8'));
  const found = unexpectedSkips(report, root);
  if (found.length > 0) {
    process.stderr.write(`CI: ${found.length} test(s) did not run; only the EventStoreDB contract suite may be skipped:\n`);
    for (const line of found) process.stderr.write(`  ${line}\n`);
    process.exit(1);
  }
  process.stdout.write('CI: no test skipped beyond the EventStoreDB contract suite\n');
}
