import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { API_PREFIX, FILE_URL_TTL_SECONDS, fileParamsSchema } from '@shortlist/contract';
import type { Config } from '../../config.ts';
import type { FileDriver } from './file-driver.ts';
import { createDirectoryDriver } from './file-store-directory.ts';
import { createS3Driver } from './file-store-s3.ts';

/**
 * The driver plus the signed links that alone open its files. The signing secret is derived from
 * the JWT secret, so that one leaked link key cannot forge tokens and no second secret has to be kept.
 */
export interface FileStore extends FileDriver {
  newKey(): string;
  /**
   * `/api/v1/files/<key>?expires=<unix>&signature=<hmac>`, valid FILE_URL_TTL_SECONDS. With `name`, the link
   * serves the file under that name instead of the uploaded one, signed with it (blind review: a judge's
   * link cannot be turned into one that names the file as its sender did).
   */
  signedUrl(key: string, now?: number, name?: string): string;
  isValidSignature(key: string, expires: number, signature: string, now?: number, name?: string): boolean;
}

const FILE_KEY_BYTES = 24;

/** Where the files of a DATA_DIR live without S3 (backups read and restore it whole). */
export const filesDirectory = (dataDir: string) => path.join(dataDir, 'files');

/** A name the store could have given: anything else in its directory is not one of its files. */
export const isFileKey = (name: string) => fileParamsSchema.shape.key.safeParse(name).success;

/** The bucket when S3_URL is set, DATA_DIR/files otherwise. */
export function createFileDriver(config: Pick<Config, 'dataDir' | 's3'>): FileDriver {
  return config.s3 ? createS3Driver(config.s3) : createDirectoryDriver(filesDirectory(config.dataDir));
}

export function createFileStore(config: Pick<Config, 'dataDir' | 's3'>, jwtSecret: string): FileStore {
  const driver = createFileDriver(config);
  const secret = createHmac('sha256', jwtSecret).update('shortlist file links').digest();
  const sign = (key: string, expires: number, name?: string) =>
    createHmac('sha256', secret)
      .update(name === undefined ? `${key}:${expires}` : `${key}:${expires}:name:${name}`)
      .digest('hex');

  return {
    location: driver.location,
    put: driver.put,
    get: driver.get,
    sizeOf: driver.sizeOf,
    remove: driver.remove,
    check: driver.check,
    removeLeftovers: driver.removeLeftovers,
    newKey: () => randomBytes(FILE_KEY_BYTES).toString('hex'),
    signedUrl(key, now = Date.now(), name?: string) {
      const expires = Math.floor(now / 1000) + FILE_URL_TTL_SECONDS;
      const named = name === undefined ? '' : `&name=${encodeURIComponent(name)}`;
      return `${API_PREFIX}/files/${key}?expires=${expires}&signature=${sign(key, expires, name)}${named}`;
    },
    isValidSignature(key, expires, signature, now = Date.now(), name?: string) {
      if (expires < Math.floor(now / 1000)) return false;
      const expected = Buffer.from(sign(key, expires, name), 'hex');
      const given = Buffer.from(signature, 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
