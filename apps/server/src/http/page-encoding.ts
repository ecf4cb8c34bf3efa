import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

type Encoding = 'br' | 'gzip';

/** The encoding of a page for an `Accept-Encoding` header: brotli, else gzip, when accepted (q > 0). */
export function pageEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    if (q === undefined || Number(q) > 0) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/**
 * index.html compressed, as the build's other files are: the page goes out through the not-found handler,
 * which the compression plugin's route hooks never reach. The pages that carry no first reply are a few
 * strings (one per route's preloads), kept compressed once.
 */
export function createPageCompressor() {
  const kept = new Map<string, Buffer>();
  return (html: string, encoding: Encoding, isKept: boolean): Buffer => {
    const key = `${encoding}:${html}`;
    const cached = kept.get(key);
    if (cached) return cached;
    const body =
      encoding === 'br'
        ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
        : gzipSync(html, { level: 9 });
    if (isKept) kept.set(key, body);
    return body;
  };
}
