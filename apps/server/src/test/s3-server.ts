import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { loadConfig, type S3Config } from '../config.ts';

export const TEST_BUCKET = 'shortlist-test';

/**
 * A real S3-protocol server on loopback (s3rver, objects in a temporary directory) with one empty
 * bucket, and the environment that points the app at it.
 */
export async function startS3Server() {
  const directory = mkdtempSync(path.join(tmpdir(), 'shortlist-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: TEST_BUCKET }],
  });
  const { port } = await server.run();
  const env = {
    S3_URL: `http://127.0.0.1:${port}`,
    S3_BUCKET: TEST_BUCKET,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  return {
    env,
    config: loadConfig(env).s3 as S3Config,
    /** Where s3rver keeps the bucket's objects, to check what it holds. */
    directory,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
