import { useEffect, useState } from 'react';
import { loadServiceKeys } from '../lib/service-keys';
import { SUPPORT_EMAIL, SUPPORT_PHONE } from '../config/site';

const GTM_ID = /^GTM-[A-Z0-9]{4,12}$/;
const CHAT_ID = /^[A-Za-z0-9/_-]{1,100}$/;

declare global {
  interface Window {
    $crisp?: unknown[];
    CRISP_WEBSITE_ID?: string;
  }
}

function addScript(src: string, id: string): void {
  if (document.getElementById(id)) return;
  const script = document.createElement('script');
  script.id = id;
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
}

/** Google Tag Manager with the id from the service keys; click_content events already go to window.dataLayer (lib/analytics). */
function loadTagManager(id: string): void {
  if (!GTM_ID.test(id)) return;
  (window.dataLayer ??= []).push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  addScript(`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`, 'gtm-script');
}

/** The chat provider named in the service keys; false when none is set (or it is unknown). */
function loadChat(provider: string | undefined, id: string | undefined): boolean {
  if (!provider || !id || !CHAT_ID.test(id)) return false;
  if (provider === 'crisp') {
    window.$crisp = [];
    window.CRISP_WEBSITE_ID = id;
    addScript('https://client.crisp.chat/l.js', 'chat-script');
    return true;
  }
  if (provider === 'tawk') {
    addScript(`https://embed.tawk.to/${id}`, 'chat-script');
    return true;
  }
  return false;
}

/**
 * The footer's support chat and the tag manager, both from the service keys (`/items/tokens`).
 * Without a chat provider, a Help button offers the support email and phone instead.
 */
export function ServiceWidgets() {
  const [chat, setChat] = useState<'pending' | 'provider' | 'fallback'>('pending');
  const [open, setOpen] = useState(false);
  useEffect(() => {
    let live = true;
    void loadServiceKeys().then((keys) => {
      if (!live) return;
      if (keys.tag_manager_id) loadTagManager(keys.tag_manager_id);
      setChat(loadChat(keys.chat_provider, keys.chat_id) ? 'provider' : 'fallback');
    });
    return () => {
      live = false;
    };
  }, []);
  if (chat !== 'fallback') return null;
  return (
    <div className="support-widget">
      {open && (
        <div className="support-widget__panel" id="support-panel" role="dialog" aria-label="Get support">
          <p>
            <strong>Need help?</strong>
          </p>
          <p>
            Email <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          </p>
          <p>
            Call <a href={`tel:${SUPPORT_PHONE.replace(/\s/g, '')}`}>{SUPPORT_PHONE}</a>
          </p>
        </div>
      )}
      <button type="button" className="support-widget__button" aria-expanded={open} aria-controls="support-panel" onClick={() => setOpen(!open)}>
        {open ? 'Close' : 'Help'}
      </button>
    </div>
  );
}
