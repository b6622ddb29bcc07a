import { describe, expect, it } from 'vitest';
import { isBareRoute, paths } from './paths';

describe('paths', () => {
  it('holds the shared route table names of the spec', () => {
    const names = [
      'home',
      'login',
      'signUp',
      'forgotPassword',
      'changePassword',
      'refer',
      'membership',
      'dashboard',
      'settings',
      'profile',
      'paymentMethod',
      'membershipPlan',
      'handicapInfo',
      'passwordAndSecurity',
      'orders',
      'order',
      'proShop',
      'events',
      'winners',
      'logout',
    ];
    for (const name of names) expect(paths, name).toHaveProperty(name);
  });

  it('builds links with their parameters', () => {
    expect(paths.signUp.getHref(3)).toBe('/sign-up?membership=3');
    expect(paths.signUp.getHref()).toBe('/sign-up');
    expect(paths.login.getHref('/dashboard/orders')).toBe('/login?redirectTo=%2Fdashboard%2Forders');
    expect(paths.refer.getHref('ab cd')).toBe('/refer/ab%20cd');
    expect(paths.event.getHref('grand-final')).toBe('/events/grand-final');
    expect(paths.scorecardSubmit.getHref(7)).toBe('/dashboard/clubhouse/scorecards/submit/7');
  });

  it('hides the site chrome only on the sign-in family of routes', () => {
    expect(isBareRoute('/login')).toBe(true);
    expect(isBareRoute('/refer/abc')).toBe(true);
    expect(isBareRoute('/')).toBe(false);
    expect(isBareRoute('/referrals')).toBe(false);
  });
});
