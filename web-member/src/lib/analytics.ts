import { apiRequest } from './api-client';
import { session } from './session';
import { z } from 'zod';

export type ContentPosition =
  'header' | 'footer' | 'banner-box' | 'video-box' | 'membership-status-box' | 'referral-modal' | 'winners-overview-box' | 'winners-carousel';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

const readCookie = (name: string): string | undefined =>
  document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);

/**
 * `click_content` (spec section 7) for Join Now, Upgrade and Memberships presses: pushed to the
 * tag manager's data layer, and for a signed-in member also sent to `POST /api/track-event` so the
 * server can forward it to the ad platform. Failures are logged, never shown (spec section 8).
 */
export function trackClick(contentName: string, position: ContentPosition): void {
  const user = session.user();
  const data = {
    user_id: user?.id ?? null,
    email: user?.email ?? null,
    content_name: contentName,
    content_type: 'button',
    content_position: position,
  };
  try {
    (window.dataLayer ??= []).push({ event: 'click_content', ...data });
  } catch (error) {
    console.error('tracking failed', error);
  }
  const token = session.accessToken();
  const expiresAt = session.expiresAt();
  // Only with a token that is still valid: a click must never start a refresh or a redirect.
  if (!token || expiresAt === null || expiresAt <= Date.now()) return;
  const fbp = readCookie('_fbp');
  void apiRequest('/api/track-event', {
    method: 'POST',
    token,
    schema: z.unknown(),
    body: {
      target: 'facebook',
      url: window.location.href,
      event_id: crypto.randomUUID(),
      event_name: 'click_content',
      data: { ...data, ...(fbp ? { fbp } : {}) },
    },
  }).then((r) => {
    if (!r.ok) console.error('tracking failed', r.error);
  });
}
