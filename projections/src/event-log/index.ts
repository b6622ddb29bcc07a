export { eventLogProjector } from './projector';
export { countLoggedEvents, listEvents, getEvent, type EventLogRow, type EventLogSort, type ListEventsOptions } from './queries';
