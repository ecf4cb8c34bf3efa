import { apiRequest, type RequestOptions } from './api-client';

/** Fetches a binary reply with the session's token and hands it to the browser as a download. */
export async function downloadFile(
  path: string,
  filename: string,
  query?: RequestOptions['query'],
): Promise<void> {
  saveBlob(await apiRequest<Blob>(path, { asBlob: true, query }), filename);
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
