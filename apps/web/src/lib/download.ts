import { apiRequest, type RequestOptions } from './api-client';

/**
 * Fetches a binary reply with the session's token (a GET with its query, or a POST with its body) and hands
 * it to the browser as a download: every server-made file of the app goes through here.
 */
export async function downloadFile(
  path: string,
  filename: string,
  request: Pick<RequestOptions, 'query' | 'method' | 'body'> = {},
): Promise<void> {
  saveBlob(await apiRequest<Blob>(path, { ...request, asBlob: true }), filename);
}

/** Hands a file made here (a workbook built in the browser) or fetched to the browser as a download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  // The click has started the download; the object URL can go once the event loop moves on.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
