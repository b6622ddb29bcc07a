import { STAFF_SECURITY_STREAM, staffSecuritySettingsDecider, type StaffSecuritySettings } from '@roar/domain';
import { loadState } from '@roar/platform';
import type { AppContext } from '../context';

/** The club's staff security settings as of now: the defaults folded with every change staff made. */
export async function staffSecuritySettings(app: Pick<AppContext, 'store'>): Promise<StaffSecuritySettings> {
  return (await loadState(app.store, STAFF_SECURITY_STREAM, staffSecuritySettingsDecider)).state;
}

export async function fourEyesOn(app: Pick<AppContext, 'store'>): Promise<boolean> {
  return (await staffSecuritySettings(app)).fourEyes;
}

/** Admins always sign in with a second factor; every staff user does once the club asks for it. */
export function twoFactorRequired(settings: StaffSecuritySettings, role: string): boolean {
  return role === 'admin' || settings.twoFactorRequiredFor === 'all-staff';
}

/** The same, reading the settings only when the role does not decide it (an admin's sign-in needs no event store). */
export async function twoFactorRequiredNow(app: Pick<AppContext, 'store'>, role: string): Promise<boolean> {
  return role === 'admin' || twoFactorRequired(await staffSecuritySettings(app), role);
}
