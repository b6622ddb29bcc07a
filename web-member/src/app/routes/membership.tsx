import { MembershipPage } from '../../features/memberships/membership-page';

export const MembershipRoute = MembershipPage;
