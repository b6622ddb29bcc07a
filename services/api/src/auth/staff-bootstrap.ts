import { randomBytes } from 'node:crypto';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger, Sql } from '@roar/platform';
import { checkPassword } from './password-policy';
import { countStaffUsers, ensureStaffUser, migrateStaffAuth } from './staff-users';

export const DEFAULT_STAFF_EMAIL = 'admin@roarplus.local';
export const CREDENTIALS_FILE = 'staff-credentials.txt';

export interface BootstrapStaffOptions {
  readonly email?: string;
  readonly password?: string;
  readonly dataDir: string;
  readonly logger: Logger;
}

export interface BootstrapStaffResult {
  /** False when staff users already existed: nothing was touched. */
  readonly created: boolean;
  readonly email?: string;
  /** Set when a random password was generated and written there. */
  readonly credentialsFile?: string;
}

/**
 * First start: without any staff user the console would be unreachable, so create an admin.
 * STAFF_EMAIL/STAFF_PASSWORD when given; otherwise a random password, written to a file only the
 * owner can read. The log names the file, never the password: logs are shipped and kept where the
 * credentials file is not.
 * Also runs the staff table migration, so callers need nothing else at start-up.
 */
export async function bootstrapStaff(sql: Sql, options: BootstrapStaffOptions): Promise<BootstrapStaffResult> {
  await migrateStaffAuth(sql);
  if ((await countStaffUsers(sql)) > 0) return { created: false };
  if (options.email && options.password) {
    // Said plainly at start-up rather than as a validation dump: the operator chose a weak password.
    const verdict = checkPassword(options.password, { email: options.email, names: ['Administrator'] });
    if (!verdict.ok) throw new Error(`STAFF_PASSWORD is refused by the password policy: ${verdict.reason}`);
    const user = await ensureStaffUser(sql, { email: options.email, password: options.password, role: 'admin', name: 'Administrator' });
    options.logger.info({ email: user.email }, 'created the first staff admin from STAFF_EMAIL');
    return { created: true, email: user.email };
  }
  const password = randomBytes(18).toString('base64url');
  const user = await ensureStaffUser(sql, { email: DEFAULT_STAFF_EMAIL, password, role: 'admin', name: 'Administrator' });
  await mkdir(options.dataDir, { recursive: true });
  const file = path.resolve(options.dataDir, CREDENTIALS_FILE);
  await writeFile(file, `email: ${user.email}\npassword: ${password}\n`, { mode: 0o600 });
  await chmod(file, 0o600); // writeFile's mode only applies when the file is new
  options.logger.warn(
    { email: user.email, credentialsFile: file },
    'created the first staff admin with a random password: it is in the credentials file. Set STAFF_EMAIL and STAFF_PASSWORD to choose them.',
  );
  return { created: true, email: user.email, credentialsFile: file };
}
