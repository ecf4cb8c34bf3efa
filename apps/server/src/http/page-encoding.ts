import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyCompressOptions } from '@fastify/compress';

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

/** Brotli's quality for a reply compressed as it goes (the API's, a page with its first reply): fast enough per request. */
export const REPLY_BROTLI_QUALITY = 4;

/** The largest reply compressed in one call, on the event loop: a page of 100 items (480 KB) takes 1.2 ms. */
export const REPLY_SYNC_COMPRESS_MAX = 512 * 1024;

/**
 * How @fastify/compress compresses the API's replies (the app's, and the list bench's floor, which must do
 * the same work): from 1 KB, brotli else gzip; a reply built in memory in one call up to
 * REPLY_SYNC_COMPRESS_MAX, past it (and a stream) by a zlib stream of its own, which doubled the p50 of a
 * list's page of 100 KB at 10 connections (decision 147).
 */
export const REPLY_COMPRESSION = {
  threshold: 1024,
  syncThreshold: REPLY_SYNC_COMPRESS_MAX,
  encodings: ['br', 'gzip'],
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: REPLY_BROTLI_QUALITY } },
} satisfies FastifyCompressOptions;

const compress = (html: string, encoding: Encoding, isBest: boolean) =>
  encoding === 'br'
    ? brotliCompressSync(html, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: isBest ? constants.BROTLI_MAX_QUALITY : REPLY_BROTLI_QUALITY,
        },
      })
    : gzipSync(html, { level: isBest ? 9 : 6 });

/**
 * index.html compressed, as the build's other files are: the page goes out through the not-found handler,
 * which the compression plugin's route hooks never reach. The pages that carry no first reply are a few
 * strings (one per route's preloads), compressed once at the best quality and kept; a page with its first
 * reply (an answer page's may hold 2,000 items) is compressed per request, as fast as the API's replies.
 */
export function createPageCompressor() {
  const kept = new Map<string, Buffer>();
  return (html: string, encoding: Encoding, isKept: boolean): Buffer => {
    if (!isKept) return compress(html, encoding, false);
    const key = `${encoding}:${html}`;
    const cached = kept.get(key) ?? compress(html, encoding, true);
    kept.set(key, cached);
    return cached;
  };
}
