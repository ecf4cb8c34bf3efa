/**
 * The ustar format, just enough for backups: regular files only, streamed in both directions, so
 * that an archive of any size never sits in memory. Plain tar, so that `tar -tzf` lists a backup.
 */

const BLOCK = 512;
const NAME_MAX_BYTES = 100;
/** 11 octal digits: 8 GiB, far above any stored file (uploads are capped well below). */
const SIZE_MAX = 8 ** 11 - 1;

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

export class TarError extends Error {}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

function octal(value: number, width: number) {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function header(name: string, size: number): Buffer {
  if (Buffer.byteLength(name) > NAME_MAX_BYTES) throw new TarError(`The name ${name} is too long.`);
  if (size > SIZE_MAX) throw new TarError(`${name} is too large for the archive (${size} bytes).`);
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0);
  block.write(octal(0o644, 8), 100);
  block.write(octal(0, 8), 108);
  block.write(octal(0, 8), 116);
  block.write(octal(size, 12), 124);
  block.write(octal(Math.floor(Date.now() / 1000), 12), 136);
  block.write(' '.repeat(8), 148);
  block.write('0', 156);
  block.write('ustar\u000000', 257);
  const checksum = block.reduce((sum, byte) => sum + byte, 0);
  block.write(`${checksum.toString(8).padStart(6, '0')}\0 `, 148);
  return block;
}

/** The archive of the entries, in order, then the two empty blocks that end it. */
export async function* writeTar(entries: AsyncIterable<TarEntry> | Iterable<TarEntry>) {
  for await (const entry of entries) {
    yield header(entry.name, entry.size);
    let written = 0;
    for await (const chunk of entry.open()) {
      written += chunk.length;
      if (written > entry.size) break;
      yield chunk;
    }
    if (written !== entry.size) throw new TarError(`${entry.name} changed while it was archived.`);
    if (padding(entry.size)) yield Buffer.alloc(padding(entry.size));
  }
  yield Buffer.alloc(2 * BLOCK);
}

/** Hands out the bytes of a stream in pieces of at most the size asked for. */
class ByteReader {
  private pending: Buffer = Buffer.alloc(0);
  private readonly source: AsyncIterator<Buffer>;

  constructor(source: AsyncIterable<Buffer>) {
    this.source = source[Symbol.asyncIterator]();
  }

  async read(max: number): Promise<Buffer | null> {
    while (this.pending.length === 0) {
      const next = await this.source.next();
      if (next.done) return null;
      this.pending = next.value;
    }
    const chunk = this.pending.subarray(0, max);
    this.pending = this.pending.subarray(chunk.length);
    return chunk;
  }

  /** Exactly `size` bytes; null when the stream ends before the first of them. */
  async readExactly(size: number): Promise<Buffer | null> {
    const parts: Buffer[] = [];
    for (let got = 0; got < size; ) {
      const chunk = await this.read(size - got);
      if (!chunk && got === 0) return null;
      if (!chunk) throw new TarError('The archive ends in the middle of an entry.');
      parts.push(chunk);
      got += chunk.length;
    }
    return Buffer.concat(parts);
  }

  async skip(size: number) {
    for (let left = size; left > 0; ) {
      const chunk = await this.read(left);
      if (!chunk) throw new TarError('The archive ends in the middle of an entry.');
      left -= chunk.length;
    }
  }
}

const field = (block: Buffer, start: number, length: number) =>
  block
    .subarray(start, start + length)
    .toString('utf8')
    .replace(/\0.*$/s, '');

function parseHeader(block: Buffer) {
  const stored = Number.parseInt(field(block, 148, 8).trim(), 8);
  const actual = block.reduce((sum, byte, index) => sum + (index >= 148 && index < 156 ? 32 : byte), 0);
  if (stored !== actual) throw new TarError('This is not a tar archive, or it is damaged.');
  // Only POSIX ustar keeps a name prefix there; the old GNU format keeps other things.
  const prefix = block.subarray(257, 263).toString('latin1') === 'ustar\0' ? field(block, 345, 155) : '';
  const name = field(block, 0, 100);
  const size = Number.parseInt(field(block, 124, 12).trim() || '0', 8);
  const type = field(block, 156, 1);
  return { name: prefix ? `${prefix}/${name}` : name, size, isFile: type === '' || type === '0' };
}

/** The regular files of an archive, one at a time; a body left unread is skipped. */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarReadEntry> {
  const reader = new ByteReader(source);
  for (;;) {
    const block = await reader.readExactly(BLOCK);
    if (!block || block.every((byte) => byte === 0)) return;
    const { name, size, isFile } = parseHeader(block);
    let remaining = size;
    async function* body() {
      while (remaining > 0) {
        const chunk = await reader.read(remaining);
        if (!chunk) throw new TarError('The archive ends in the middle of an entry.');
        remaining -= chunk.length;
        yield chunk;
      }
    }
    if (isFile) yield { name, size, body: body() };
    await reader.skip(remaining + padding(size));
  }
}
