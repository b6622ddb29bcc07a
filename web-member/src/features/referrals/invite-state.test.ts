import { describe, expect, it } from 'vitest';
import { initialInviteState, inviteReducer, type InviteEvent, type InviteState } from './invite-state';

const run = (events: InviteEvent[], from: InviteState = initialInviteState) => events.reduce(inviteReducer, from);

describe('the referral invite form', () => {
  it('refuses an empty or malformed email inline without sending', () => {
    expect(run([{ type: 'submit', email: '' }])).toEqual({ status: 'error', error: 'Please enter a valid email' });
    expect(run([{ type: 'submit', email: 'sam@example' }])).toEqual({ status: 'error', error: 'Please enter a valid email' });
  });
  it('goes idle -> loading -> sent, and back to idle when the sent message expires', () => {
    const loading = run([{ type: 'submit', email: 'sam@example.com' }]);
    expect(loading).toEqual({ status: 'loading' });
    const sent = run([{ type: 'succeeded' }], loading);
    expect(sent).toEqual({ status: 'sent' });
    expect(run([{ type: 'sent-expired' }], sent)).toEqual({ status: 'idle' });
  });
  it('shows the server error, and editing clears it', () => {
    const failed = run([
      { type: 'submit', email: 'sam@example.com' },
      { type: 'failed', error: 'This person is already a member.' },
    ]);
    expect(failed).toEqual({ status: 'error', error: 'This person is already a member.' });
    expect(run([{ type: 'edit' }], failed)).toEqual({ status: 'idle' });
  });
  it('editing clears the sent state', () => {
    expect(run([{ type: 'submit', email: 'sam@example.com' }, { type: 'succeeded' }, { type: 'edit' }])).toEqual({ status: 'idle' });
  });
  it('ignores a second submit while loading, and stray answers when not loading', () => {
    const loading = run([{ type: 'submit', email: 'sam@example.com' }]);
    expect(run([{ type: 'submit', email: '' }], loading)).toBe(loading);
    expect(run([{ type: 'succeeded' }])).toEqual({ status: 'idle' });
    expect(run([{ type: 'failed', error: 'x' }])).toEqual({ status: 'idle' });
    // A late timer from an earlier 'Sent' does not wipe a fresh error.
    const error = run([{ type: 'submit', email: '' }]);
    expect(run([{ type: 'sent-expired' }], error)).toBe(error);
  });
});
