export { membersProjector } from './projector';
export {
  getMember,
  findMemberByEmail,
  listMembers,
  memberIdByReferralCode,
  memberIdBySubscription,
  memberRecord,
  MEMBER_SORT_FIELDS,
  searchMemberRecords,
  type ListMembersOptions,
  type MemberQuery,
  type MemberSort,
} from './queries';
export { memberRowSchema, type MemberRow } from './row';
export { memberSnapshot, type MemberSnapshot } from './snapshot';
export type { SortOrder } from '../runner/table';
