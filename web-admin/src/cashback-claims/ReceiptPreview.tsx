import { useEffect, useState } from 'react';
import { session } from '../auth/session';

/**
 * The receipt is private: fetched with the staff token and shown from a blob URL (an image, or the
 * PDF in a frame). A PDF viewer takes the focus when it loads (Chromium's does, `inert` or not), and
 * what staff were typing in a decision dialog went with it: while `holdFrame` (a dialog is open),
 * a PDF not yet shown waits, and it is shown once the dialog closes. A frame already shown stays.
 */
export function ReceiptPreview({ url, type, holdFrame = false }: { url: string; type: string; holdFrame?: boolean }) {
  const [frameShown, setFrameShown] = useState(false);
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let objectUrl: string | null = null;
    let live = true;
    const token = session.token();
    void fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} })
      .then(async (r) => {
        if (!r.ok) throw new Error(String(r.status));
        objectUrl = URL.createObjectURL(await r.blob());
        if (live) setSrc(objectUrl);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  const pdf = type === 'application/pdf';
  const showFrame = pdf && src !== null && (frameShown || !holdFrame);
  useEffect(() => {
    if (showFrame) setFrameShown(true);
  }, [showFrame]);
  if (failed) return <p>The receipt could not be loaded.</p>;
  if (!src) return <p>Loading receipt...</p>;
  if (pdf && !showFrame) return <p>The PDF receipt opens here once the dialog is closed.</p>;
  return pdf ? (
    <iframe title="Receipt" src={src} style={{ width: '100%', height: 560, border: '1px solid #ddd' }} />
  ) : (
    <img src={src} alt="Receipt" style={{ maxWidth: '100%', maxHeight: 560, border: '1px solid #ddd' }} />
  );
}
