export { membershipsProjector } from './projector';
export { listMemberships, getMembership, type ListMembershipsOptions } from './queries';
export { toMembershipResource, membershipRowSchema, type MembershipRow, type MembershipResource } from './row';
