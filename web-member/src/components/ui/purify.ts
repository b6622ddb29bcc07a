import DOMPurify from 'dompurify';
import { setPurifier } from './safe-html';

/**
 * DOMPurify for SafeHtml (safe-html.tsx), in a module of its own so the first visit does not
 * download it (issue 25: the home page hydrates HTML the server already drew and cleaned, and needs
 * no cleaner in the browser). SafeHtml loads it when it first has HTML to clean; a page that shows
 * staff HTML as it opens imports it, so its first render is already clean.
 */
// DOMPurify needs a DOM: in the server renderer (no window) it has none and the server's cleaner is used.
if (DOMPurify.isSupported) {
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') node.setAttribute('rel', 'noopener noreferrer');
  });
  setPurifier(DOMPurify);
}
