import { ApiError, refusal, unreachable } from './api.ts';
import { currentToken } from './session.tsx';

/** The calls that answer a file to save rather than JSON: the exports (docs/api.md). */
export type DownloadPath = '/api/account/export' | '/api/admin/export';

/**
 * Asks the API for a file and saves it as a download, under the name the server gives it. A link
 * cannot carry the session's Authorization header, so the file is fetched with it, held as a blob,
 * then handed to the browser.
 */
export async function downloadFile(path: DownloadPath): Promise<void> {
  const token = currentToken();
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    throw unreachable();
  }
  if (!response.ok) throw refusal(response.status, await response.json().catch(() => null), token);
  let file: Blob;
  try {
    file = await response.blob();
  } catch {
    // The server breaks a download that fails half-way rather than end it as a zip that looks whole.
    throw new ApiError(0, 'The download broke off before it was whole. Please try again.');
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'export.zip';
  const url = URL.createObjectURL(file);
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  // Let go of once the browser has taken it: at once would cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
