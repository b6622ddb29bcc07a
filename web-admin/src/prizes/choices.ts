import { PRIZE_STATUSES, PRIZE_TYPES } from '@roar/contracts/prizes';

export const PRIZE_TYPE_CHOICES = PRIZE_TYPES.map((id) => ({ id, name: id }));
export const PRIZE_STATUS_CHOICES = PRIZE_STATUSES.map((id) => ({ id, name: id }));
