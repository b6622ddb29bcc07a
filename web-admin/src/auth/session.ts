import { staffSessionSchema, staffUserSchema, type StaffRole, type StaffUser } from '@roar/contracts/auth';

/** The signed-in staff member and the staff token, as `POST /api/admin/auth/login` returns them: the contract's. */
export { staffUserSchema, type StaffRole, type StaffUser };
export const loginResponseSchema = staffSessionSchema;

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
