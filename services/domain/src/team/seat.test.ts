import { describe, expect, it } from 'vitest';
import { createEventRegistry } from '../registry';
import { teamSeatDecider, teamSeatStreamId, type TeamSeatCommand, type TeamSeatEvent } from './seat';
import { DeciderSpecification } from '@roar/platform/testing';

const at = '2026-03-01T00:00:00.000Z';
const reserve = (teamId: string): TeamSeatCommand => ({ type: 'ReserveTeamSeat', memberId: 'm-1', teamId, role: 'mate', at });
const release = (teamId: string): TeamSeatCommand => ({ type: 'ReleaseTeamSeat', memberId: 'm-1', teamId, reason: 'completed', at });
const reserved = (teamId: string): TeamSeatEvent => ({ type: 'TeamSeatReserved', data: { memberId: 'm-1', teamId, role: 'mate', reservedAt: at } });
const released = (teamId: string): TeamSeatEvent => ({
  type: 'TeamSeatReleased',
  data: { memberId: 'm-1', teamId, reason: 'completed', releasedAt: at },
});

const given = DeciderSpecification.for(teamSeatDecider);

describe('team seat reservation', () => {
  it('holds one open team per member', () => {
    expect(teamSeatStreamId('m-1')).toBe('team-membership-m-1');
    given([])
      .when(reserve('t-1'))
      .then([reserved('t-1')]);
    given([reserved('t-1')])
      .when(reserve('t-1'))
      .thenNothingHappened();
    given([reserved('t-1')])
      .when(reserve('t-2'))
      .thenThrows('You are already in an open team.');
  });

  it('frees the seat once that team releases it, and ignores releases for other teams', () => {
    given([reserved('t-1')])
      .when(release('t-1'))
      .then([released('t-1')]);
    given([reserved('t-1'), released('t-1')])
      .when(reserve('t-2'))
      .then([reserved('t-2')]);
    given([reserved('t-1'), released('t-1'), reserved('t-2')])
      .when(release('t-1'))
      .thenNothingHappened();
    given([]).when(release('t-1')).thenNothingHappened();
  });

  it('writes events that the registry accepts', () => {
    const registry = createEventRegistry();
    const metadata = { correlationId: 'c', causationId: null, actor: { type: 'system' as const, id: 't' }, occurredAt: at, schemaVersion: 1 };
    const produced = [
      ...teamSeatDecider.decide(reserve('t-1'), teamSeatDecider.initialState),
      ...teamSeatDecider.decide(release('t-1'), teamSeatDecider.evolve(teamSeatDecider.initialState, reserved('t-1'))),
    ];
    expect(produced.map((e) => e.type)).toEqual(['TeamSeatReserved', 'TeamSeatReleased']);
    for (const e of produced) expect(() => registry.validateNew({ id: 'x', ...e, metadata })).not.toThrow();
  });
});
