import type { SessionRow } from './schema';

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function formatAmount(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-AU', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f6f9fc;color:#1a1f36}
main{max-width:440px;margin:40px auto;padding:0 16px}
.banner{background:#ffde92;color:#5c3c00;border-radius:6px;padding:6px 10px;font-size:13px;font-weight:600;display:inline-block}
.card{background:#fff;border-radius:8px;box-shadow:0 2px 8px rgba(0,0,0,.08);padding:24px;margin-top:16px}
h1{font-size:16px;font-weight:500;margin:0;color:#4f566b}.amount{font-size:32px;font-weight:700;margin:4px 0 0}
.interval{font-size:15px;color:#4f566b;font-weight:400}
label{display:block;font-size:14px;font-weight:500;margin:16px 0 6px}
input{width:100%;height:40px;border:1px solid #cfd7df;border-radius:6px;padding:0 12px;font-size:16px}
input:focus{outline:2px solid #635bff;outline-offset:1px;border-color:#635bff}
input[aria-invalid=true]{border-color:#df1b41}
.row{display:flex;gap:12px}.row>div{flex:1}
.error{background:#fdecee;color:#a4101f;border-radius:6px;padding:10px 12px;margin-top:16px;font-size:14px}
button{width:100%;height:44px;margin-top:24px;border:0;border-radius:6px;background:#635bff;color:#fff;font-size:16px;font-weight:600;cursor:pointer}
button:focus-visible{outline:2px solid #1a1f36;outline-offset:2px}
.hint{font-size:13px;color:#4f566b;margin-top:16px}.back{display:inline-block;margin-top:16px;color:#635bff}
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

export interface CheckoutPageInput {
  readonly session: SessionRow;
  readonly error?: string;
  /** What was typed, re-filled after a decline (never the card number or CVC). */
  readonly values?: { readonly expiry?: string; readonly name?: string };
}

/** The hosted checkout page: a plain form that works without JavaScript. */
export function renderCheckoutPage({ session: s, error, values }: CheckoutPageInput): string {
  const amount = formatAmount(s.amount_cents, s.currency);
  const invalid = error ? ' aria-invalid="true" aria-describedby="card-error"' : '';
  const body = `
<span class="banner">Test mode</span>
<div class="card">
  <h1>${escapeHtml(s.description)}</h1>
  <p class="amount">${amount}${s.mode === 'subscription' ? ' <span class="interval">per month</span>' : ''}</p>
  <form method="post" action="/pay/checkout/${encodeURIComponent(s.id)}" novalidate>
    ${error ? `<div class="error" id="card-error" role="alert">${escapeHtml(error)}</div>` : ''}
    <label for="email">Email</label>
    <input id="email" name="email" type="email" value="${escapeHtml(s.email)}" readonly autocomplete="email">
    <label for="number">Card number</label>
    <input id="number" name="number" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required${invalid}>
    <div class="row">
      <div><label for="expiry">Expiry (MM/YY)</label>
      <input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" required value="${escapeHtml(values?.expiry ?? '')}"></div>
      <div><label for="cvc">CVC</label>
      <input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" required></div>
    </div>
    <label for="name">Name on card</label>
    <input id="name" name="name" autocomplete="cc-name" required value="${escapeHtml(values?.name ?? '')}">
    <button type="submit">Pay ${amount}</button>
  </form>
  <p class="hint">Test mode: use 4242 4242 4242 4242 with any future expiry and any CVC.</p>
  <a class="back" href="${escapeHtml(s.cancel_url)}">Cancel and go back</a>
</div>`;
  return layout(`Pay ${amount}`, body);
}

export function renderClosedPage(message: string, backUrl?: string): string {
  return layout(
    'Checkout closed',
    `<span class="banner">Test mode</span><div class="card"><h1 role="alert">${escapeHtml(message)}</h1>${
      backUrl ? `<a class="back" href="${escapeHtml(backUrl)}">Go back</a>` : ''
    }</div>`,
  );
}
