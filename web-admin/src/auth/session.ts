import { z } from 'zod';

/** The signed-in staff member, as `POST /api/admin/auth/login` returns it. */
export const staffUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(['admin', 'staff', 'auditor']),
});
export type StaffUser = z.infer<typeof staffUserSchema>;
export type StaffRole = StaffUser['role'];

export const loginResponseSchema = z.object({ token: z.string().min(1), user: staffUserSchema });

const TOKEN_KEY = 'roar-staff-token';
const USER_KEY = 'roar-staff-user';

// localStorage: the token must survive a reload; the console serves no third-party scripts,
// and the token expires after 8 hours.
export const session = {
  save(token: string, user: StaffUser): void {
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(USER_KEY, JSON.stringify(user));
  },
  token(): string | null {
    return localStorage.getItem(TOKEN_KEY);
  },
  user(): StaffUser | null {
    const raw = localStorage.getItem(USER_KEY);
    if (!raw) return null;
    try {
      const parsed = staffUserSchema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  },
  clear(): void {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
  },
};
