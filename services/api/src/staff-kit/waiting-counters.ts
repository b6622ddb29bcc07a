import type { Sql } from '@roar/platform';

/**
 * Work waiting for staff, counted by the feature that owns it (cashback claims, shop orders...):
 * a feature adds its counter with `registerWaitingCounter` and the dashboard shows it. Until one
 * exists the dashboard shows the failed jobs only.
 */
export interface WaitingCounter {
  readonly name: string;
  count(sql: Sql): Promise<number>;
}
export const waitingCounters: WaitingCounter[] = [];
export function registerWaitingCounter(counter: WaitingCounter): void {
  if (!waitingCounters.some((c) => c.name === counter.name)) waitingCounters.push(counter);
}
