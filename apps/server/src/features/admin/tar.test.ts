import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readTar, type TarEntry, TarError, writeTar } from './tar.ts';

const work = mkdtempSync(path.join(tmpdir(), 'shortlist-tar-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const bytesOf = async (source: AsyncIterable<Uint8Array>) => {
  const chunks: Buffer[] = [];
  for await (const chunk of source) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
};
const entry = (name: string, bytes: Buffer, size = bytes.length): TarEntry => ({
  name,
  size,
  open: () => [bytes],
});

describe('tar', () => {
  it('writes an archive that tar lists and that reads back the same bytes, long names included', async () => {
    const big = Buffer.alloc(70_000, 7);
    const longName = `files/${'n'.repeat(140)}.pdf`;
    const archive = await bytesOf(
      writeTar([entry('database.tar', Buffer.from('dump')), entry(longName, big)]),
    );
    const file = path.join(work, 'two.tar');
    writeFileSync(file, archive);
    expect(spawnSync('tar', ['-tf', file], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean)).toEqual([
      'database.tar',
      longName,
    ]);

    const read: { name: string; size: number; bytes?: Buffer }[] = [];
    for await (const item of readTar([archive])) {
      // The first body is left unread: the reader skips it.
      read.push({
        name: item.name,
        size: item.size,
        ...(read.length ? { bytes: await bytesOf(item.body) } : {}),
      });
    }
    expect(read.map(({ name, size }) => ({ name, size }))).toEqual([
      { name: 'database.tar', size: 4 },
      { name: longName, size: 70_000 },
    ]);
    expect(read[1]?.bytes?.equals(big)).toBe(true);
  });

  it('fails an entry whose bytes are not its size, rather than write a broken archive', async () => {
    await expect(bytesOf(writeTar([entry('short.txt', Buffer.from('abc'), 10)]))).rejects.toThrow(TarError);
    await expect(bytesOf(writeTar([entry('long.txt', Buffer.from('abcdef'), 2)]))).rejects.toThrow(TarError);
  });

  it('says an archive is damaged when its bytes are not tar', async () => {
    const notTar = Buffer.from('not a backup at all, '.repeat(60));
    const reading = (async () => {
      for await (const _ of readTar([notTar])) {
        // nothing: the header is refused first
      }
    })();
    await expect(reading).rejects.toThrow(TarError);
  });
});
