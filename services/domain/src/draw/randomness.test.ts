import { describe, expect, it } from 'vitest';
import { beaconRandomnessBytes, commitRandomness, verifyReveal } from './randomness';

const secret = Buffer.alloc(32, 7);

describe('commit-reveal randomness', () => {
  it('accepts the revealed secret behind a commitment and nothing else', () => {
    const commitment = commitRandomness(secret);
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyReveal(commitment, secret)).toBe(true);
    expect(verifyReveal(commitment.toUpperCase(), secret)).toBe(true);
    const other = Buffer.from(secret);
    other[31] = 8;
    expect(verifyReveal(commitment, other)).toBe(false);
    expect(verifyReveal('not-a-commitment', secret)).toBe(false);
  });

  it('refuses secrets too short to be unguessable', () => {
    expect(() => commitRandomness(Buffer.alloc(16))).toThrow('The randomness secret must be at least 32 bytes.');
  });

  it('turns a beacon round into seed bytes', () => {
    expect([...beaconRandomnessBytes({ beacon: 'drand:test', round: 1, randomness: '00ff10' })]).toEqual([0, 255, 16]);
    expect(() => beaconRandomnessBytes({ beacon: 'drand:test', round: 1, randomness: 'xyz' })).toThrow('Beacon randomness must be hex.');
  });
});
