import { Readable } from 'node:stream';
import { extract, pack } from 'tar-stream';

/**
 * Plain tar (so that `tar -tzf` lists a backup) through tar-stream, streamed both ways, so that an archive
 * of any size never sits in memory: regular files only, in the shape the backup reads and writes them.
 */
export interface TarEntry {
  name: string;
  size: number;
  /** The bytes, read only when the entry is written; exactly `size` of them. */
  open(): AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
}

export interface TarReadEntry {
  name: string;
  size: number;
  /** Read it (or not) before asking for the next entry. */
  body: AsyncIterable<Buffer>;
}

/** The archive is damaged, or an entry's bytes do not match its size. */
export class TarError extends Error {}

const asTarError = (error: unknown) =>
  error instanceof TarError ? error : new TarError((error as Error)?.message ?? String(error));

/**
 * The archive of the entries, in order, read as it is written (an entry's bytes are asked for only as fast as
 * the archive is read); an entry whose bytes are not its `size` fails it.
 */
export function writeTar(entries: AsyncIterable<TarEntry> | Iterable<TarEntry>): AsyncIterable<Buffer> {
  const archive = pack();
  (async () => {
    for await (const entry of entries) {
      const sink = archive.entry({ name: entry.name, size: entry.size, mode: 0o644 });
      const written = new Promise<void>((resolve, reject) => {
        sink.on('finish', resolve);
        sink.on('error', reject);
      });
      for await (const chunk of entry.open()) {
        if (!sink.write(Buffer.from(chunk)))
          await new Promise<void>((resolve) => sink.once('drain', () => resolve()));
      }
      sink.end(undefined);
      await written.catch((error: Error) => {
        throw new TarError(`${entry.name} changed while it was archived: ${error.message}`);
      });
    }
    archive.finalize();
  })().catch((error) => archive.destroy(asTarError(error)));
  return tarErrors(archive as AsyncIterable<Buffer>);
}

/** The archive's bytes; tar-stream's own failures (an entry's size not met) as a TarError. */
async function* tarErrors(archive: AsyncIterable<Buffer>) {
  try {
    yield* archive;
  } catch (error) {
    throw asTarError(error);
  }
}

/** The regular files of an archive, one at a time; a body left unread is skipped. */
export async function* readTar(
  source: AsyncIterable<Buffer> | Iterable<Buffer>,
): AsyncGenerator<TarReadEntry> {
  const entries = extract();
  Readable.from(source)
    .on('error', (error) => entries.destroy(error))
    .pipe(entries);
  try {
    for await (const entry of entries) {
      const { name, size = 0, type } = entry.header;
      if (type === 'file') yield { name, size, body: entry as AsyncIterable<Buffer> };
      entry.resume();
    }
  } catch (error) {
    // A gzip error is the caller's to name; a tar one says the archive is damaged.
    if ((error as NodeJS.ErrnoException).code?.startsWith('Z_')) throw error;
    throw asTarError(error);
  }
}
