import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../test/s3-server.ts';
import type { FileDriver } from './file-driver.ts';
import { createDirectoryDriver } from './file-store-directory.ts';
import { createS3Driver } from './file-store-s3.ts';

const LARGE_BYTES = 12 * 1024 * 1024 + 123;

/** `size` pseudo-random bytes made on demand, in 64 KiB chunks, never all in memory. */
function generated(size: number, seed = 'shortlist') {
  const hash = createHash('sha256');
  async function* chunks() {
    let counter = 0;
    for (let left = size; left > 0; ) {
      const block = Buffer.alloc(Math.min(64 * 1024, left));
      for (let offset = 0; offset < block.length; offset += 32) {
        createHash('sha256').update(`${seed}:${counter++}`).digest().copy(block, offset);
      }
      hash.update(block);
      left -= block.length;
      yield block;
    }
  }
  return { stream: Readable.from(chunks()), digest: () => hash.digest('hex') };
}

async function digestOf(stream: Readable) {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, digest: hash.digest('hex') };
}

const key = (n: number) => n.toString(16).padStart(48, '0');

interface DriverSetup {
  driver: FileDriver;
  close(): Promise<void>;
}

const drivers: [string, () => Promise<DriverSetup>][] = [
  [
    'directory',
    async () => {
      const directory = mkdtempSync(path.join(tmpdir(), 'shortlist-file-store-'));
      return {
        driver: createDirectoryDriver(path.join(directory, 'files')),
        close: async () => rmSync(directory, { recursive: true, force: true }),
      };
    },
  ],
  [
    's3',
    async () => {
      const server = await startS3Server();
      return { driver: createS3Driver(server.config), close: server.close };
    },
  ],
];

describe.each(drivers)('file store, %s driver', (_name, setUp) => {
  let setup: DriverSetup;
  let driver: FileDriver;
  beforeAll(async () => {
    setup = await setUp();
    driver = setup.driver;
  });
  afterAll(() => setup.close());

  it('is ready, stores, reads and removes a file', async () => {
    await driver.check();
    const bytes = Buffer.from('%PDF-1.4 small file');
    await driver.put(key(1), Readable.from([bytes]), { contentType: 'application/pdf' });
    expect(await driver.sizeOf(key(1))).toBe(bytes.length);
    const stored = await driver.get(key(1));
    expect(stored?.size).toBe(bytes.length);
    expect(Buffer.concat(await (stored?.body.toArray() ?? []))).toEqual(bytes);

    await driver.remove([key(1), null]);
    expect(await driver.get(key(1))).toBeNull();
    expect(await driver.sizeOf(key(1))).toBeNull();
  });

  it('answers null for a key that holds nothing and removes it without error', async () => {
    expect(await driver.get(key(2))).toBeNull();
    expect(await driver.sizeOf(key(2))).toBeNull();
    await expect(driver.remove([key(2)])).resolves.toBeUndefined();
  });

  it('stores an empty file and one of known size', async () => {
    await driver.put(key(3), Readable.from([]));
    const empty = await driver.get(key(3));
    expect(empty?.size).toBe(0);
    empty?.body.destroy();
    const bytes = Buffer.alloc(1000, 7);
    await driver.put(key(4), Readable.from([bytes]), { size: bytes.length });
    expect((await digestOf((await driver.get(key(4)))?.body ?? Readable.from([]))).size).toBe(1000);
    await driver.remove([key(3), key(4)]);
  });

  it('streams a large file of unknown size in and out unchanged', async () => {
    const source = generated(LARGE_BYTES);
    await driver.put(key(5), source.stream, { contentType: 'application/pdf' });
    const stored = await driver.get(key(5));
    expect(stored?.size).toBe(LARGE_BYTES);
    expect(await digestOf(stored?.body ?? Readable.from([]))).toEqual({
      size: LARGE_BYTES,
      digest: source.digest(),
    });
    await driver.remove([key(5)]);
  });

  it('keeps nothing when the stream fails half-way', async () => {
    async function* failing() {
      yield Buffer.alloc(6 * 1024 * 1024, 1);
      throw new Error('client went away');
    }
    await expect(driver.put(key(6), Readable.from(failing()))).rejects.toThrow('client went away');
    expect(await driver.get(key(6))).toBeNull();
  });
});
