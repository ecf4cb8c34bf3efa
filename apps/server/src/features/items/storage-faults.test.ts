import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faultReply } from '../../http/fault-replies.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createDirectoryDriver } from './file-store-directory.ts';
import { itemJobs, LEFTOVER_AGE_MS } from './jobs.ts';
import { itemFactories } from './test-factories.ts';

describe('what a disk fault answers', () => {
  it('reads a full disk and an unwritable one from the system call, not from a code alone', async () => {
    // /dev/full refuses every write with ENOSPC: a real full disk's error.
    const full = await writeFile('/dev/full', 'x').catch((error: unknown) => error);
    expect(faultReply(full)).toMatchObject({ status: 507, body: { code: 'STORAGE_FULL' } });
    const readOnly = Object.assign(new Error('read-only'), { code: 'EROFS', syscall: 'open' });
    expect(faultReply(readOnly)).toMatchObject({ status: 503, body: { code: 'STORAGE_UNAVAILABLE' } });
    // The same code from a mail server's login is no disk's.
    expect(faultReply(Object.assign(new Error('login refused'), { code: 'EPERM' }))).toBeUndefined();
    expect(faultReply(new Error('anything else'))).toBeUndefined();
  });
});

describe('uploads cut short', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'shortlist-leftovers-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('are removed once an hour old, a younger one and stored files kept', async () => {
    const files = createDirectoryDriver(dir);
    const old = new Date(Date.now() - LEFTOVER_AGE_MS - 60_000);
    writeFileSync(path.join(dir, 'a1.partial'), 'cut short by a kill');
    utimesSync(path.join(dir, 'a1.partial'), old, old);
    writeFileSync(path.join(dir, 'b2.partial'), 'being written');
    writeFileSync(path.join(dir, 'c3'), 'a stored file');
    utimesSync(path.join(dir, 'c3'), old, old);

    const [sweep] = itemJobs();
    const ctx = { files } as Parameters<NonNullable<typeof sweep>>[0];
    const control = { isStopped: () => false };
    expect(await sweep?.(ctx, control)).toBe(1);
    expect(readdirSync(dir).sort()).toEqual(['b2.partial', 'c3']);
    // Not again within the hour, though the worker asks every few seconds.
    utimesSync(path.join(dir, 'b2.partial'), old, old);
    expect(await sweep?.(ctx, control)).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['b2.partial', 'c3']);
  });
});

/** A small tmpfs: a disk that fills up. Mounting needs the privilege CI's root has; elsewhere it is skipped. */
function canMount() {
  const probe = mkdtempSync(path.join(tmpdir(), 'shortlist-mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe]);
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

describe.runIf(canMount())('a full disk', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shortlist-full-disk-'));
  let t: TestApp;
  let f: ReturnType<typeof itemFactories>;

  beforeAll(async () => {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', dataDir]);
    mkdirSync(path.join(dataDir, 'files'));
    t = await createTestApp({ env: { DATA_DIR: dataDir } });
    f = itemFactories(t);
  });
  afterAll(async () => {
    await t?.close();
    execFileSync('umount', [dataDir]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 507 to an upload, leaves nothing half-written, says so on /readyz, and recovers', async () => {
    const setup = await f.createItemSetup();
    const deck = await f.createField(setup.model.id, 'file', {
      mimeTypes: ['application/pdf'],
      maxSizeBytes: 1024 * 1024,
    });
    const item = await f.createDataset(setup.token, setup.model.id, {
      datum_values: [{ datum_field: deck.id, resourcetype: 'file' }],
    });
    const valueId = item.datum_values[0]?.id ?? 0;
    // A PDF of 600 KB: under the question's 1 MB, over the disk's 256 KB.
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      Buffer.alloc(600 * 1024, 0x20),
      Buffer.from('\n%%EOF\n'),
    ]);
    const boundary = '----shortlist-full-disk';
    const upload = () =>
      t.request({
        method: 'POST',
        url: `/api/v1/datum-values/${valueId}/upload/`,
        token: setup.token,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'accept-language': 'fr' },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="deck.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
          ),
          pdf,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });

    const refused = await upload();
    expect(refused.statusCode).toBe(507);
    expect(refused.json()).toEqual({
      code: 'STORAGE_FULL',
      detail: 'Le serveur n’a plus de place pour l’enregistrer ; veuillez réessayer plus tard.',
    });
    expect(refused.headers['retry-after']).toBe('5');
    expect(readdirSync(path.join(dataDir, 'files'))).toEqual([]);
    const ready = await t.request({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().checks.files).toMatch(/^no space left: \d+ KiB free$/);

    // Room made (the volume grown), without a restart.
    execFileSync('mount', ['-o', 'remount,size=64m', dataDir]);
    expect((await t.request({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    expect((await upload()).statusCode).toBe(200);
  });
});
