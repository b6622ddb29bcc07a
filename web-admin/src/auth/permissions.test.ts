import { describe, expect, it } from 'vitest';
import { canRole } from './permissions';

describe('console permissions', () => {
  it('lets auditors read everything and change nothing', () => {
    for (const resource of ['memberships', 'events', 'jobs-failed']) {
      expect(canRole('auditor', resource, 'list')).toBe(true);
      expect(canRole('auditor', resource, 'show')).toBe(true);
      for (const action of ['edit', 'create', 'delete']) expect(canRole('auditor', resource, action)).toBe(false);
    }
  });

  it('lets staff edit tiers, only admins create them, and nobody write the event log', () => {
    expect(canRole('staff', 'memberships', 'edit')).toBe(true);
    expect(canRole('staff', 'memberships', 'create')).toBe(false);
    expect(canRole('admin', 'memberships', 'create')).toBe(true);
    expect(canRole('admin', 'memberships', 'delete')).toBe(false);
    expect(canRole('admin', 'events', 'edit')).toBe(false);
  });
});
