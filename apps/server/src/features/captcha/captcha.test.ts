import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spentCaptchas } from '../../db/schema/index.ts';
import { solveCaptcha } from '../../test/captcha.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { CAPTCHA_RATE_LIMIT } from './routes.ts';
import { pruneSpentCaptchas, verifyCaptcha } from './service.ts';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
const decode = (payload: string) => JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));

describe('captcha', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves a signed, expiring, uncached challenge to anyone', async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/captcha/challenge/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body.parameters.algorithm).toBe('PBKDF2/SHA-256');
    expect(body.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(body.parameters.expiresAt).toBeGreaterThan(Date.now() / 1000);
  });

  it('accepts a solved captcha once, then refuses its replay', async () => {
    const started = performance.now();
    const payload = await solveCaptcha(t);
    expect(performance.now() - started).toBeLessThan(3000);
    expect(await verifyCaptcha(t.app.ctx, payload)).toBe(true);
    expect(await verifyCaptcha(t.app.ctx, payload)).toBe(false);
  });

  it('lets only one of two concurrent replays through', async () => {
    const payload = await solveCaptcha(t);
    const results = await Promise.all([verifyCaptcha(t.app.ctx, payload), verifyCaptcha(t.app.ctx, payload)]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('refuses forged, tampered and malformed payloads without spending anything', async () => {
    const { challenge, solution } = decode(await solveCaptcha(t));
    const before = await t.db.$count(spentCaptchas);
    const wrongKey = { ...solution, derivedKey: 'ab'.repeat(32) };
    const cheaper = { ...challenge, parameters: { ...challenge.parameters, cost: 1 } };
    const unsigned = { ...challenge, signature: 'cd'.repeat(32) };
    for (const forged of [
      encode({ challenge, solution: wrongKey }),
      encode({ challenge: cheaper, solution }),
      encode({ challenge: unsigned, solution }),
      encode({ challenge: { ...challenge, signature: 'x' }, solution: { counter: -1, derivedKey: 'zz' } }),
      'not base64 json',
      '',
    ]) {
      expect(await verifyCaptcha(t.app.ctx, forged)).toBe(false);
    }
    expect(await t.db.$count(spentCaptchas)).toBe(before);
    // The genuine solution is still good after the failed attempts.
    expect(await verifyCaptcha(t.app.ctx, encode({ challenge, solution }))).toBe(true);
  });

  it('refuses an expired challenge', async () => {
    const { challenge, solution } = decode(await solveCaptcha(t));
    const realNow = Date.now;
    Date.now = () => realNow() + 6 * 60 * 1000;
    try {
      expect(await verifyCaptcha(t.app.ctx, encode({ challenge, solution }))).toBe(false);
    } finally {
      Date.now = realNow;
    }
  });

  it('prunes spent challenges once expired', async () => {
    await verifyCaptcha(t.app.ctx, await solveCaptcha(t));
    await t.db.execute(sql`update spent_captchas set expires_at = now() - interval '1 minute'`);
    await t.db.insert(spentCaptchas).values({ signature: 'fresh', expiresAt: new Date(Date.now() + 60_000) });
    await pruneSpentCaptchas(t.app.ctx);
    const left = await t.db.select().from(spentCaptchas);
    expect(left.map((row) => row.signature)).toEqual(['fresh']);
  });

  it('limits challenges per address', async () => {
    const remoteAddress = '10.77.0.1';
    const statuses: number[] = [];
    for (let i = 0; i <= CAPTCHA_RATE_LIMIT.max; i++) {
      statuses.push(
        (await t.request({ method: 'GET', url: '/api/v1/captcha/challenge/', remoteAddress })).statusCode,
      );
    }
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
