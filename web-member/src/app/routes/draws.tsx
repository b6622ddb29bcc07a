export {
  MemberDrawsPage as MemberDrawsRoute,
  UpcomingGiveawaysPage as UpcomingGiveawaysRoute,
  EventsPage as EventsRoute,
} from '../../features/draws/prize-list-page';
export { EventPage as EventRoute } from '../../features/draws/event-page';
export { MyDrawsPage as MyDrawsRoute } from '../../features/draws/my-draws-page';
export { DrawTermsPage as DrawTermsRoute } from '../../features/draws/terms-page';
export { ClaimPage as ClaimPrizeRoute } from '../../features/draws/claim-page';
export { VerifyDrawPage as VerifyDrawRoute } from '../../features/draws/verify-page';
export { SingleEntriesPage as SingleEntriesRoute } from '../../features/draws/single-entries-page';
import { Testimonials } from '../../features/home/sections';
import { WinnersPage } from '../../features/winners/winners-page';

/** The winners page with the home page's testimonials under the results. */
export function WinnersRoute() {
  return <WinnersPage testimonials={<Testimonials title="What our members say" />} />;
}
