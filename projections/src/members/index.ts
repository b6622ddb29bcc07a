export { membersProjector } from './projector';
export { getMember, findMemberByEmail, listMembers, type ListMembersOptions } from './queries';
export { memberRowSchema, type MemberRow } from './row';
export { memberSnapshot, type MemberSnapshot } from './snapshot';
export type { SortOrder } from '../runner/table';
