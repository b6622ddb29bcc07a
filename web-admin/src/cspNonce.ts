/**
 * The nonce the server gave this page's style elements (a meta tag it writes into index.html with
 * each answer, matching its Content-Security-Policy): emotion (MUI) and tiptap put it on the style
 * elements they create. Undefined when the page was served without one (the vite dev server).
 */
export const cspNonce: string | undefined = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content || undefined;
