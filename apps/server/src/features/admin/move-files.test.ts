import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { startS3Server } from '../../test/s3-server.ts';
import { createS3Driver } from '../items/file-store-s3.ts';
import { moveFilesToS3 } from './move-files.ts';

let s3: Awaited<ReturnType<typeof startS3Server>>;
const work = mkdtempSync(path.join(tmpdir(), 'shortlist-move-files-'));
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.close();
  rmSync(work, { recursive: true, force: true });
});

const key = (n: number) => n.toString(16).padStart(48, 'a');

/** A DATA_DIR whose files directory holds `count` uploaded files and one stray file. */
function dataDirWith(name: string, count: number) {
  const dataDir = path.join(work, name);
  mkdirSync(path.join(dataDir, 'files'), { recursive: true });
  for (let n = 0; n < count; n++)
    writeFileSync(path.join(dataDir, 'files', key(n)), `file ${n} `.repeat(n + 1));
  writeFileSync(path.join(dataDir, 'files', 'notes.txt'), 'not an upload');
  return dataDir;
}

it('moves every uploaded file into the bucket, deletes it locally, and moves nothing the second time', async () => {
  const dataDir = dataDirWith('five', 5);
  const config = loadConfig({ DATA_DIR: dataDir, ...s3.env });
  const bucket = createS3Driver(s3.config);
  // One of them made it to the bucket in an interrupted run.
  await bucket.put(key(2), Readable.from([Buffer.from('file 2 file 2 file 2 ')]), { size: 21 });

  const lines = await moveFilesToS3(config);
  expect(lines).toEqual([
    `Moved 4 files (${7 * (1 + 2 + 4 + 5)} bytes) from ${path.join(dataDir, 'files')} to s3://shortlist-test.`,
    '1 file was already in the bucket: removed from the directory.',
  ]);
  expect(readdirSync(path.join(dataDir, 'files'))).toEqual(['notes.txt']);
  for (let n = 0; n < 5; n++) {
    const stored = await bucket.get(key(n));
    expect(Buffer.concat(await (stored?.body.toArray() ?? [])).toString()).toBe(`file ${n} `.repeat(n + 1));
  }

  expect(await moveFilesToS3(config)).toEqual([
    `Moved 0 files (0 bytes) from ${path.join(dataDir, 'files')} to s3://shortlist-test.`,
    'The directory held no uploaded file.',
  ]);
});

it('refuses without a bucket, and keeps every file when the bucket cannot be reached', async () => {
  const dataDir = dataDirWith('unreachable', 2);
  await expect(moveFilesToS3(loadConfig({ DATA_DIR: dataDir }))).rejects.toThrow(/^Set S3_URL, S3_BUCKET/);
  const nowhere = { ...s3.env, S3_URL: 'http://127.0.0.1:9' };
  await expect(moveFilesToS3(loadConfig({ DATA_DIR: dataDir, ...nowhere }))).rejects.toThrow(
    /^The bucket s3:\/\/shortlist-test cannot be reached: /,
  );
  const missingBucket = { ...s3.env, S3_BUCKET: 'no-such-bucket' };
  await expect(moveFilesToS3(loadConfig({ DATA_DIR: dataDir, ...missingBucket }))).rejects.toThrow(
    /^The bucket s3:\/\/no-such-bucket cannot be reached/,
  );
  expect(readdirSync(path.join(dataDir, 'files'))).toHaveLength(3);
});
