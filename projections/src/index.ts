import { eventLogProjector } from './event-log';
import { membershipsProjector } from './memberships';
import type { Projector } from './runner/projector';

export * from './runner';
export * from './memberships';
export * from './event-log';

/** Every read model the product runs, in the order the daemon starts them. */
export const allProjectors: readonly Projector[] = [membershipsProjector, eventLogProjector];
