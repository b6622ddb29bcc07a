import { describe, expect, it } from 'vitest';
import { referralModalView } from './modal-view';
import { membershipSchema, userSchema } from '../../types/api';

const memberships = [
  membershipSchema.parse({ id: 1, status: 'published', visible: true, code: 'free', type: 'free', price: 0 }),
  membershipSchema.parse({
    id: 3,
    status: 'published',
    visible: true,
    code: 'platinum',
    type: 'monthly-subscription',
    price: 29.99,
    referrer_entries: 40,
    referee_entries: 20,
  }),
];
const now = new Date('2026-11-21T00:00:00Z');
const ann = userSchema.parse({ id: 'u1', email: 'ann@example.com', membership_id: 3, referral_code: 'ANN123' });

describe('the referral modal view', () => {
  it('loads first', () => {
    expect(referralModalView({ loading: true, user: ann, memberships, now })).toEqual({ kind: 'loading' });
  });
  it('lets a member on an eligible, current membership refer with their code', () => {
    expect(referralModalView({ loading: false, user: ann, memberships, now })).toEqual({ kind: 'can-refer', code: 'ANN123' });
  });
  it('shows the upgrade message to free, ended, code-less or id-less users', () => {
    const notEligible = { kind: 'not-eligible' };
    expect(referralModalView({ loading: false, user: { ...ann, membership_id: 1 }, memberships, now })).toEqual(notEligible);
    expect(referralModalView({ loading: false, user: { ...ann, membership_end_date: '2026-11-01T00:00:00Z' }, memberships, now })).toEqual(
      notEligible,
    );
    expect(referralModalView({ loading: false, user: { ...ann, referral_code: null }, memberships, now })).toEqual(notEligible);
    expect(referralModalView({ loading: false, user: { ...ann, id: '' }, memberships, now })).toEqual(notEligible);
    expect(referralModalView({ loading: false, user: null, memberships, now })).toEqual(notEligible);
  });
});
