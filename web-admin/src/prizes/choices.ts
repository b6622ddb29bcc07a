export const PRIZE_TYPE_CHOICES = ['team', 'bonus', 'weekly', 'normal', 'event', 'experience', 'vip'].map((id) => ({ id, name: id }));
export const PRIZE_STATUS_CHOICES = ['draft', 'published', 'archived'].map((id) => ({ id, name: id }));
