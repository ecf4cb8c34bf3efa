import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { outboxMessages } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createMailer } from './mailer.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the outbox', () => {
  it('keeps the mail and logs its row alone: no recipient, subject or link outlives an erasure in the log', async () => {
    const info = vi.spyOn(t.app.log, 'info');
    const mailer = createMailer({ from: 'test@example.org', db: t.db, log: t.app.log });
    await mailer.send({
      to: 'ada.erased@example.org',
      subject: 'A new response to "Call": Lovelace Engines',
      text: 'Open https://shortlist.example/answer?token=secret-token-123 to answer.',
    });
    const [kept] = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.to, 'ada.erased@example.org'));
    expect(kept?.subject).toBe('A new response to "Call": Lovelace Engines');
    const logged = info.mock.calls.find((call) => call[1] === 'mail kept in the outbox');
    expect(logged?.[0]).toEqual({ outbox_message: kept?.id });
    const everything = JSON.stringify(info.mock.calls);
    for (const secret of ['ada.erased', 'Lovelace', 'secret-token-123'])
      expect(everything).not.toContain(secret);
  });
});
