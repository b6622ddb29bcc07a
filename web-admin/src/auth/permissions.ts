import type { StaffRole } from './session';

const READ_ACTIONS = new Set(['list', 'show', 'export']);

/**
 * What each role may do in the console; the API enforces the same rules (this only hides what
 * would be refused). Auditors read everything and change nothing; only admins create tiers; the
 * event log is read-only for everyone.
 */
export function canRole(role: StaffRole, resource: string, action: string): boolean {
  // Service keys hold secrets: admins only, reading included.
  if (resource === 'service-keys') return role === 'admin' && (READ_ACTIONS.has(action) || action === 'edit');
  // Staff accounts: admins only. Suspension is edited; a role change waits for approval under four-eyes.
  if (resource === 'staff-users') return role === 'admin' && (READ_ACTIONS.has(action) || action === 'edit');
  if (READ_ACTIONS.has(action)) return true;
  if (role === 'auditor' || resource === 'events') return false;
  if (resource === 'prizes') return action === 'create' || action === 'edit';
  // Staff add courses (a command with a reason); tees, PCC and scores change through the show pages' commands.
  if (resource === 'courses') return action === 'create';
  // The pro shop: staff and admins manage the catalogue, coupons and orders (every edit carries a reason).
  if (resource.startsWith('shop-')) return action === 'create' || action === 'edit' || action === 'delete';
  if (['partners', 'offers', 'content-pages', 'content-faqs', 'content-testimonials'].includes(resource))
    return action === 'create' || action === 'edit';
  if (resource === 'content-winners-page' || resource === 'content-home-blocks') return action === 'edit';
  if (resource === 'memberships') {
    if (action === 'edit') return true;
    if (action === 'create') return role === 'admin';
    return false;
  }
  return role === 'admin';
}
