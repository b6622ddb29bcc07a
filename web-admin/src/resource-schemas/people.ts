import type { ResourceSchemas } from './types';

/** Members, memberships, payments, draws, referrals, teams, staff and operations resources. */
export const peopleSchemas: ResourceSchemas = {};
