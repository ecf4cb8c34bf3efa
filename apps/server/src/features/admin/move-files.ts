import type { Config } from '../../config.ts';
import { filesDirectory, isFileKey } from '../items/file-store.ts';
import { createDirectoryDriver, listDirectory } from '../items/file-store-directory.ts';
import { createS3Driver } from '../items/file-store-s3.ts';
import { CommandError } from './commands.ts';

const CONCURRENCY = 4;

const filesWord = (count: number) => `${count} ${count === 1 ? 'file' : 'files'}`;

/**
 * `move-files-to-s3`: each file of DATA_DIR/files is put into the bucket, its size read back from
 * the bucket, and only then deleted from the directory. Run again after an interruption: a file
 * the bucket already holds whole is only deleted from the directory.
 */
export async function moveFilesToS3(config: Config): Promise<string[]> {
  if (!config.s3) {
    throw new CommandError(
      'Set S3_URL, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY to the bucket first (docs/operations.md).',
    );
  }
  const directory = filesDirectory(config.dataDir);
  const local = createDirectoryDriver(directory);
  const bucket = createS3Driver(config.s3);
  await bucket.check().catch((error: Error) => {
    throw new CommandError(`The bucket ${bucket.location} cannot be reached: ${error.message || error.name}`);
  });

  const queue = await listDirectory(directory, isFileKey);
  const total = queue.length;
  let moved = 0;
  let movedBytes = 0;
  let alreadyThere = 0;
  async function moveOne(key: string) {
    const file = await local.get(key);
    if (!file) return;
    if ((await bucket.sizeOf(key)) === file.size) {
      file.body.destroy();
      alreadyThere += 1;
    } else {
      await bucket.put(key, file.body, { size: file.size });
      const confirmed = await bucket.sizeOf(key);
      if (confirmed !== file.size) {
        throw new CommandError(
          `${key}: the bucket holds ${confirmed ?? 'nothing'} instead of ${file.size} bytes; it stays in ${directory}. Run the command again.`,
        );
      }
      moved += 1;
      movedBytes += file.size;
    }
    await local.remove([key]);
  }
  const worker = async () => {
    for (let key = queue.shift(); key; key = queue.shift()) await moveOne(key);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));

  return [
    `Moved ${filesWord(moved)} (${movedBytes} bytes) from ${directory} to ${bucket.location}.`,
    ...(alreadyThere > 0
      ? [
          `${filesWord(alreadyThere)} ${alreadyThere === 1 ? 'was' : 'were'} already in the bucket: removed from the directory.`,
        ]
      : []),
    ...(total === 0 ? ['The directory held no uploaded file.'] : []),
  ];
}
