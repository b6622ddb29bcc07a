import { useEffect, useState } from 'react';
import { session } from '../auth/session';

/** The receipt is private: fetched with the staff token and shown from a blob URL (an image, or the PDF in a frame). */
export function ReceiptPreview({ url, type }: { url: string; type: string }) {
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
  if (failed) return <p>The receipt could not be loaded.</p>;
  if (!src) return <p>Loading receipt...</p>;
  return type === 'application/pdf' ? (
    <iframe title="Receipt" src={src} style={{ width: '100%', height: 560, border: '1px solid #ddd' }} />
  ) : (
    <img src={src} alt="Receipt" style={{ maxWidth: '100%', maxHeight: 560, border: '1px solid #ddd' }} />
  );
}
