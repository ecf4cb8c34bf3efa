import { RESET_REQUEST_DETAIL } from '@shortlist/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens } from '../../db/schema/index.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness.ts';
import { decodeBody, startSmtpSink } from '../../test/smtp.ts';
import { resetPasswordCommand } from '../admin/commands.ts';

const NEW_PASSWORD = 'a-brand-new-password';

// Each call comes from its own address so that the per-IP limits never get in the way.
let addressCount = 0;
const nextAddress = () => `10.30.${Math.floor(addressCount / 250)}.${(addressCount++ % 250) + 1}`;

const askReset = (t: TestApp, email: string) =>
  t.request({
    method: 'POST',
    url: '/api/v1/users/ask_reset_password/',
    payload: { email },
    remoteAddress: nextAddress(),
  });
const resetPassword = (t: TestApp, payload: Record<string, string>) =>
  t.request({ method: 'POST', url: '/api/v1/users/reset_password/', payload, remoteAddress: nextAddress() });
const signIn = (t: TestApp, username: string, password: string) =>
  t.request({
    method: 'POST',
    url: '/api/token/',
    payload: { username, password },
    remoteAddress: nextAddress(),
  });

/** The /setPassword link found in a mail's text. */
function findResetLink(text: string): URL {
  const link = text.match(/https?:\/\/\S+\/setPassword\?\S+/)?.[0];
  if (!link) throw new Error(`no reset link in:\n${text}`);
  return new URL(link);
}

describe('password reset, mailed through SMTP', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApp;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ env: { SMTP_URL: sink.url } });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const mailsTo = (email: string) => sink.received.filter((mail) => mail.to.includes(email));

  /** Asks for a reset and returns the token and e-mail of the link that arrived. */
  async function requestToken(email: string) {
    expect((await askReset(t, email)).statusCode).toBe(200);
    const link = findResetLink(decodeBody(mailsTo(email).at(-1)?.raw ?? ''));
    return { token: link.searchParams.get('token') ?? '', email: link.searchParams.get('email') ?? '' };
  }

  it('answers the same for a known and an unknown e-mail, and mails only the known one', async () => {
    await t.createUser({ email: 'known@example.org' });
    const known = await askReset(t, 'Known@Example.org');
    const unknown = await askReset(t, 'unknown@example.org');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ detail: RESET_REQUEST_DETAIL });
    expect(unknown.json()).toEqual(known.json());

    expect(mailsTo('unknown@example.org')).toHaveLength(0);
    const [mail] = mailsTo('known@example.org');
    expect(mail?.from).toBe('no-reply@localhost');
    const link = findResetLink(decodeBody(mail?.raw ?? ''));
    expect(link.origin + link.pathname).toBe('http://shortlist.test/setPassword');
    expect(link.searchParams.get('token')).toMatch(/^[\w-]{20,}$/);
    expect(link.searchParams.get('email')).toBe('known@example.org');
  });

  it('sets the new password with the mailed token, and the token works once', async () => {
    await t.createUser({ email: 'forgetful@example.org' });
    const { token, email } = await requestToken('forgetful@example.org');
    const reset = await resetPassword(t, { email, token, new_password: NEW_PASSWORD });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ detail: 'Your password was changed successfully.' });

    expect((await signIn(t, email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(t, email, TEST_PASSWORD)).statusCode).toBe(401);

    const again = await resetPassword(t, { email, token, new_password: 'yet-another-password' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ token: [expect.any(String)] });
    expect((await signIn(t, email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('spends every other link of the account once the password is set', async () => {
    await t.createUser({ email: 'two-links@example.org' });
    const first = await requestToken('two-links@example.org');
    const second = await requestToken('two-links@example.org');
    expect((await resetPassword(t, { ...second, new_password: NEW_PASSWORD })).statusCode).toBe(200);
    const older = await resetPassword(t, { ...first, new_password: 'an-attacker-password' });
    expect(older.statusCode).toBe(400);
    expect((await signIn(t, 'two-links@example.org', NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('spends the 7-day invitation link and a reset link when the admin command sets the password', async () => {
    const { team, token } = await t.createAdmin();
    const email = 'invited-then-changed@example.org';
    const added = await t.request({
      method: 'POST',
      url: `/api/v1/teams/${team.id}/members/`,
      token,
      payload: { email },
    });
    expect(added.statusCode).toBe(201);
    const invitation = findResetLink(decodeBody(mailsTo(email).at(-1)?.raw ?? ''));
    const reset = await requestToken(email);
    await resetPasswordCommand(t.db, { email, password: NEW_PASSWORD });
    const links = [{ token: invitation.searchParams.get('token') ?? '', email }, reset];
    for (const link of links) {
      const replay = await resetPassword(t, { ...link, new_password: 'an-attacker-password' });
      expect(replay.statusCode).toBe(400);
    }
    expect((await signIn(t, email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses the refresh tokens issued before the reset', async () => {
    await t.createUser({ email: 'session@example.org' });
    const before = (await signIn(t, 'session@example.org', TEST_PASSWORD)).json();
    const { token, email } = await requestToken('session@example.org');
    expect((await resetPassword(t, { email, token, new_password: NEW_PASSWORD })).statusCode).toBe(200);
    const refresh = await t.request({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { refresh: before.refresh },
    });
    expect(refresh.statusCode).toBe(401);
    expect(refresh.json().code).toBe('token_not_valid');
  });

  it('refuses a wrong token, another account’s token and an expired one', async () => {
    const user = await t.createUser({ email: 'careful@example.org' });
    await t.createUser({ email: 'neighbour@example.org' });
    const { token, email } = await requestToken('careful@example.org');

    const wrong = await resetPassword(t, { email, token: `${token}x`, new_password: NEW_PASSWORD });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ token: [expect.any(String)] });
    const foreign = await resetPassword(t, {
      email: 'neighbour@example.org',
      token,
      new_password: NEW_PASSWORD,
    });
    expect(foreign.statusCode).toBe(400);

    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    const expired = await resetPassword(t, { email, token, new_password: NEW_PASSWORD });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual(wrong.json());
    expect((await signIn(t, email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('validates the request without spending the token', async () => {
    await t.createUser({ email: 'hasty@example.org' });
    const { token, email } = await requestToken('hasty@example.org');
    const short = await resetPassword(t, { email, token, new_password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ new_password: ['Ensure this field has at least 8 characters.'] });

    const missing = await resetPassword(t, { email, new_password: NEW_PASSWORD });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ token: ['This field is required.'] });
    const badEmail = await askReset(t, 'not-an-email');
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toEqual({ email: ['Enter a valid email address.'] });

    expect((await resetPassword(t, { email, token, new_password: NEW_PASSWORD })).statusCode).toBe(200);
  });
});

describe('password reset kept in the outbox', () => {
  let t: TestApp;
  let superToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    superToken = await t.superuserToken();
  });
  afterAll(() => t.close());

  const readOutbox = (query: string, token?: string) =>
    t.request({
      method: 'GET',
      url: `/api/v1/outbox/${query}`,
      token,
      headers: { host: 'api.shortlist.test' },
    });

  it('shows the mail to superusers only', async () => {
    await t.createUser({ email: 'outbox-user@example.org' });
    expect((await askReset(t, 'outbox-user@example.org')).statusCode).toBe(200);

    const outbox = await readOutbox('', superToken);
    expect(outbox.statusCode).toBe(200);
    const mail = outbox.json().results.find((m: { to: string }) => m.to === 'outbox-user@example.org');
    expect(mail).toMatchObject({ subject: 'Reset your Shortlist password', html: null });
    const link = findResetLink(mail.text);
    expect(link.searchParams.get('email')).toBe('outbox-user@example.org');

    const { token } = await t.createAdmin();
    const asMember = await readOutbox('', token);
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json().code).toBe('PERMISSION_DENIED');
    expect((await readOutbox('')).statusCode).toBe(401);
  });

  it('pages the outbox, newest first, with absolute links', async () => {
    for (let i = 0; i < 5; i += 1) {
      await t.app.ctx.mailer.send({ to: `page${i}@example.org`, subject: `Page ${i}`, text: 'hello' });
    }
    const first = (await readOutbox('?limit=2', superToken)).json();
    const total = first.count;
    expect(total).toBeGreaterThanOrEqual(5);
    expect(first.results.map((m: { to: string }) => m.to)).toEqual([
      'page4@example.org',
      'page3@example.org',
    ]);
    expect(first.previous).toBeNull();
    expect(first.next).toBe('http://api.shortlist.test/api/v1/outbox/?limit=2&offset=2');

    const second = (await readOutbox('?limit=2&offset=2', superToken)).json();
    expect(second.results.map((m: { to: string }) => m.to)).toEqual([
      'page2@example.org',
      'page1@example.org',
    ]);
    expect(second.previous).toBe('http://api.shortlist.test/api/v1/outbox/?limit=2');
    expect(second.next).toBe('http://api.shortlist.test/api/v1/outbox/?limit=2&offset=4');

    const last = (await readOutbox(`?limit=2&offset=${total - 1}`, superToken)).json();
    expect(last.results).toHaveLength(1);
    expect(last.next).toBeNull();

    expect((await readOutbox('?limit=101', superToken)).statusCode).toBe(400);
    expect((await readOutbox('?offset=-1', superToken)).statusCode).toBe(400);
  });
});
