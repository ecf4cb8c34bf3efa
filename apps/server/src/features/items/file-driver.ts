import type { Readable } from 'node:stream';

export interface StoredFile {
  body: Readable;
  size: number;
}

/**
 * Where uploaded files are kept, by key: a directory (the default) or an S3-compatible bucket.
 * Bytes are streamed both ways; neither driver holds a whole file in memory.
 */
export interface FileDriver {
  /** For messages: the directory, or `s3://<bucket>`. */
  readonly location: string;
  /** `size`, when known, lets the bytes go in one request; otherwise they go in parts. */
  put(key: string, body: Readable, options?: { contentType?: string; size?: number }): Promise<void>;
  /** The stored bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<StoredFile | null>;
  /** The stored size, or null when nothing is stored under the key. */
  sizeOf(key: string): Promise<number | null>;
  /** Removing a key that holds nothing is not an error. */
  remove(keys: (string | null)[]): Promise<void>;
  /** Throws unless the storage can be reached and written to, with room left (readiness). */
  check(): Promise<void>;
  /** Removes what uploads cut short left behind before `before` (a killed process's partial files). */
  removeLeftovers(before: Date): Promise<number>;
}
