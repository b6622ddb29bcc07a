export const ROLE_CHOICES = [
  { id: 'admin', name: 'Admin' },
  { id: 'staff', name: 'Staff' },
  { id: 'auditor', name: 'Auditor (read only)' },
];
