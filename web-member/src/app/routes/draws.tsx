export { MemberDrawsPage as MemberDrawsRoute, UpcomingGiveawaysPage as UpcomingGiveawaysRoute, EventsPage as EventsRoute } from '../../features/draws/prize-list-page';
export { EventPage as EventRoute } from '../../features/draws/event-page';
export { MyDrawsPage as MyDrawsRoute } from '../../features/draws/my-draws-page';
export { SingleEntriesPage as SingleEntriesRoute } from '../../features/draws/single-entries-page';
export { WinnersPage as WinnersRoute } from '../../features/winners/winners-page';
