import { STAFF_SECURITY_STREAM, staffSecuritySettingsDecider, type StaffSecuritySettings } from '@roar/domain';
import { loadState } from '@roar/platform';
import type { AppContext } from '../context';

/** The club's staff security settings as of now: the defaults folded with every change staff made. */
export async function staffSecuritySettings(app: Pick<AppContext, 'store'>): Promise<StaffSecuritySettings> {
  return (await loadState(app.store, STAFF_SECURITY_STREAM, staffSecuritySettingsDecider)).state;
}

/** Admins always sign in with a second factor; every staff user does once the club asks for it. */
export function twoFactorRequired(settings: StaffSecuritySettings, role: string): boolean {
  return role === 'admin' || settings.twoFactorRequiredFor === 'all-staff';
}
