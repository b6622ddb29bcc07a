/**
 * The prizes whose winner email went to this member, newest draw first: the Support tab offers
 * exactly these for "resend winner email". The prizes projection owns the query.
 */
export { notifiedWins, type MemberWin } from '@roar/projections';
