export { membershipsProjector } from './projector';
export { listMemberships, getMembership, type ListMembershipsOptions } from './queries';
export { toMembershipResource, membershipRowSchema, membershipResourceSchema, type MembershipRow, type MembershipResource } from './row';
