import {
  teamDecider,
  teamSeatDecider,
  teamSeatStreamId,
  teamStreamId,
  type TeamEvent,
  type TeamSeatEvent,
  type TeamSeatState,
  type TeamState,
} from '@roar/domain';
import { fold, type EventStore } from '@roar/platform';

export async function teamState(store: EventStore, teamId: string): Promise<{ state: TeamState; events: TeamEvent[] }> {
  const events = (await store.readStream(teamStreamId(teamId))).map((e) => ({ type: e.type, data: e.data }) as TeamEvent);
  return { state: fold(teamDecider, events), events };
}

export async function seatState(store: EventStore, memberId: string): Promise<TeamSeatState> {
  const events = (await store.readStream(teamSeatStreamId(memberId))).map((e) => ({ type: e.type, data: e.data }) as TeamSeatEvent);
  return fold(teamSeatDecider, events);
}
