import { session } from '../auth/session';
import { firstErrorMessage } from '../httpErrors';

/**
 * Downloads a CSV export with the staff token (a plain link cannot send it) and hands it to the
 * browser as a file. The server streams it; the browser holds only the finished file.
 */
export async function downloadExport(kind: string, query: Record<string, string> = {}): Promise<void> {
  const search = new URLSearchParams(query).toString();
  const token = session.token();
  const response = await fetch(`/api/admin/exports/${encodeURIComponent(kind)}.csv${search ? `?${search}` : ''}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw new Error(firstErrorMessage(body) ?? `The export failed (${response.status})`);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `${kind}.csv`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
