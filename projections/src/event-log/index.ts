export { eventLogProjector } from './projector';
export { listEvents, getEvent, type EventLogRow, type EventLogSort, type ListEventsOptions } from './queries';
