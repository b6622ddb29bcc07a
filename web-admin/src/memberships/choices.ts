export const STATUS_CHOICES = [
  { id: 'published', name: 'Published' },
  { id: 'archived', name: 'Archived' },
  { id: 'draft', name: 'Draft' },
];

export const TYPE_CHOICES = [
  { id: 'free', name: 'Free' },
  { id: 'single-entry', name: 'Single entry' },
  { id: 'monthly-subscription', name: 'Monthly subscription' },
];
