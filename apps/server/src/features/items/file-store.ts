import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { API_PREFIX, FILE_URL_TTL_SECONDS, fileParamsSchema } from '@shortlist/contract';

/**
 * Uploaded files under `DATA_DIR/files`, each named by a random key, and the signed links that
 * alone open them. The signing secret is derived from the JWT secret, so that one leaked link
 * key cannot forge tokens and no second secret has to be kept.
 */
export interface FileStore {
  /** A new random key and the path it would be stored at. */
  newKey(): Promise<{ key: string; filePath: string }>;
  pathOf(key: string): string;
  remove(keys: (string | null)[]): Promise<void>;
  /** `/api/v1/files/<key>?expires=<unix>&signature=<hmac>`, valid FILE_URL_TTL_SECONDS. */
  signedUrl(key: string, now?: number): string;
  isValidSignature(key: string, expires: number, signature: string, now?: number): boolean;
}

const FILE_KEY_BYTES = 24;

/** Where the files of a DATA_DIR live (backups read and restore it whole). */
export const filesDirectory = (dataDir: string) => path.join(dataDir, 'files');

/** A name the store could have given: anything else in its directory is not one of its files. */
export const isFileKey = (name: string) => fileParamsSchema.shape.key.safeParse(name).success;

export function createFileStore(dataDir: string, jwtSecret: string): FileStore {
  const directory = filesDirectory(dataDir);
  const secret = createHmac('sha256', jwtSecret).update('shortlist file links').digest();
  const sign = (key: string, expires: number) =>
    createHmac('sha256', secret).update(`${key}:${expires}`).digest('hex');
  const pathOf = (key: string) => path.join(directory, key);

  return {
    async newKey() {
      await mkdir(directory, { recursive: true });
      const key = randomBytes(FILE_KEY_BYTES).toString('hex');
      return { key, filePath: pathOf(key) };
    },
    pathOf,
    async remove(keys) {
      await Promise.all(keys.flatMap((key) => (key ? [rm(pathOf(key), { force: true })] : [])));
    },
    signedUrl(key, now = Date.now()) {
      const expires = Math.floor(now / 1000) + FILE_URL_TTL_SECONDS;
      return `${API_PREFIX}/files/${key}?expires=${expires}&signature=${sign(key, expires)}`;
    },
    isValidSignature(key, expires, signature, now = Date.now()) {
      if (expires < Math.floor(now / 1000)) return false;
      const expected = Buffer.from(sign(key, expires), 'hex');
      const given = Buffer.from(signature, 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
