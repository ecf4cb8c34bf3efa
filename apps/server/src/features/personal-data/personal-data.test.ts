import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ERASED_ITEM_TITLE, PERSON_IS_MEMBER } from '@shortlist/contract';
import { and, eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datumValues, emailSuppressions, issueAccesses, issueAnswers, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { startS3Server } from '../../test/s3-server.ts';
import { readWorkbook } from '../../test/workbook.ts';
import { judgingCalls, judgingFactories } from '../judging/test-factories.ts';
import { PDF, submissionFactories } from '../submissions/test-factories.ts';
import { sentMailing } from './test-factories.ts';

// Issue 29, point 5, through the HTTP API, with the files on disk and in an S3 bucket.

/** The archive's entries, by name. */
async function unzip(body: Buffer) {
  const zip = await JSZip.loadAsync(body);
  const entries: Record<string, Buffer> = {};
  for (const [name, entry] of Object.entries(zip.files))
    if (!entry.dir) entries[name] = await entry.async('nodebuffer');
  return entries;
}
const document = (entries: Record<string, Buffer>, name: string) =>
  JSON.parse(entries[name]?.toString() ?? 'null');

const storages = [
  {
    name: 'files on disk',
    async start() {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'audit-personal-data-'));
      return {
        env: { DATA_DIR: dataDir },
        close: async () => rmSync(dataDir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'files in an S3 bucket',
    async start() {
      const s3 = await startS3Server();
      return { env: s3.env, close: () => s3.close() };
    },
  },
];

describe.each(storages)('personal data on request, $name', (storage) => {
  let t: TestApp;
  let closeStorage: () => Promise<void>;
  let j: ReturnType<typeof judgingFactories>;
  let call: ReturnType<typeof judgingCalls>;
  let s: ReturnType<typeof submissionFactories>;
  let sequence = 0;

  beforeAll(async () => {
    const started = await storage.start();
    closeStorage = started.close;
    t = await createTestApp({ env: started.env });
    j = judgingFactories(t);
    call = judgingCalls(t);
    s = submissionFactories(t);
  });
  afterAll(async () => {
    await t?.close();
    await closeStorage?.();
  });

  /**
   * A team that holds one person three ways: their form response with a PDF, their answers as a judge of
   * a selection that ranks it with another judge, and a mass e-mail sent to them.
   */
  async function personInTeam() {
    sequence += 1;
    const email = `ann.${sequence}@example.org`;
    const form = await s.createForm();
    const admin = form;
    const created = await s.submit({
      form: form.form.id,
      email: email.toUpperCase(),
      datum_values: [
        { datum_field: form.fields.name.id, response: 'Kites' },
        { datum_field: form.fields.stage.id, response: 'Series A' },
        {
          datum_field: form.fields.deck.id,
          file: { name: 'deck.pdf', size: PDF.length, type: 'application/pdf' },
        },
      ],
    });
    const grant = created.file_uploads_grants[0];
    if (!grant) throw new Error('no grant');
    const uploaded = await s.upload(created.submission_id, grant.file_key, {
      name: 'deck.pdf',
      type: 'application/pdf',
      bytes: PDF,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const commit = await s.commit(created.submission_id, created.edit_token, 'submit');
    expect(commit.statusCode, commit.body).toBe(200);

    const issue = await j.createIssue(admin.team.id, 'RatingIssue', { maxRating: 10 });
    const [alpha, bravo] = await j.addItems(issue.id, admin.team.id, ['Alpha', 'Bravo']);
    if (!alpha || !bravo) throw new Error('setup');
    const judge = await j.addJudge(issue.id, { email });
    const other = await j.addJudge(issue.id);
    const rate = (token: string, a: number, b: number, comment?: string) =>
      call.submit(issue.id, token, {
        answers: [
          { dataset: alpha.id, value: a },
          { dataset: bravo.id, value: b },
        ],
        comments: comment ? [{ dataset: alpha.id, question: null, content: comment, shared: false }] : [],
      });
    expect((await rate(judge.token, 9, 2, 'Ann thinks Alpha is great')).statusCode).toBe(201);
    expect((await rate(other.token, 4, 6)).statusCode).toBe(201);

    await sentMailing(t, {
      teamId: admin.team.id,
      datasetId: created.id,
      to: email,
      subject: 'Your application',
      htmlMessage: '<p>Dear Ann</p>',
    });
    return { admin, email, created, issue, judge, other };
  }

  const post = (token: string, url: string, email: string) =>
    t.request({ method: 'POST', url: `/api/v1/${url}`, token, payload: { email } });
  /** The selection's report: the items' scores and ranks, the judges by their counts and times. */
  const report = async (token: string, issueId: number) => {
    const get = async (name: string) => {
      const reply = await t.request({ method: 'GET', url: `/api/v1/issues/${issueId}/${name}/`, token });
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json();
    };
    const { users, ...summary } = await get('report_summary');
    const judges = (users as { nb_answered: number; submitted_at: string }[])
      .map((user) => [user.nb_answered, user.submitted_at])
      .sort();
    return { summary, judges };
  };
  const logOf = async (teamId: number, token: string, query = '') => {
    const reply = await t.request({
      method: 'GET',
      url: `/api/v1/teams/${teamId}/audit-log/${query}`,
      token,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json().results as {
      action: string;
      actor: { id: number; email: string | null };
      changes: object;
    }[];
  };
  /** Where the person's file is stored. */
  const storedKeyOf = async (itemId: number) => {
    const values = await t.db.select().from(datumValues).where(eq(datumValues.datasetId, itemId));
    return values.find((value) => value.fileKey)?.fileKey;
  };

  it('exports everything the team holds about the address as one archive with the files, and logs it', async () => {
    const p = await personInTeam();
    const reply = await post(p.admin.token, `teams/${p.admin.team.id}/personal-data/export/`, p.email);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['content-type']).toBe('application/zip');
    expect(reply.headers['content-disposition']).toMatch(/personal-data-\d{4}-\d\d-\d\d\.zip/);
    const entries = await unzip(reply.rawPayload);
    // The README names every other file; the form speaks English, so does it.
    const readme = entries['README.txt']?.toString() ?? '';
    expect(readme).toContain('Your personal data');
    for (const name of Object.keys(entries).filter((name) => !name.startsWith('files/')))
      if (name !== 'README.txt') expect(readme).toContain(name);
    const person = document(entries, 'person.json');
    expect(person.email).toBe(p.email);
    expect(person.team).toEqual({ id: p.admin.team.id, title: expect.any(String) });
    const judging = document(entries, 'judging.json');
    expect(judging).toHaveLength(1);
    expect(judging[0].answers.map((a: { value: number }) => a.value)).toEqual([9, 2]);
    expect(judging[0].comments[0].content).toBe('Ann thinks Alpha is great');
    const items = document(entries, 'items.json');
    expect(items).toHaveLength(1);
    const [item] = items;
    expect(item.submission).toMatchObject({ email: p.email, status: expect.any(String) });
    const deck = item.answers.find((a: { question: string }) => a.question === 'Deck');
    expect(deck.file).toMatch(/^files\/\d+-deck\.pdf$/);
    expect(entries[deck.file]?.equals(PDF)).toBe(true);
    const mails = document(entries, 'mails.json');
    expect(mails.mailings).toEqual([
      expect.objectContaining({ mailing: 'Results', subject: 'Your application' }),
    ]);
    // Another judge's answers are not the person's.
    expect(Object.values(entries).some((entry) => entry.toString().includes(p.other.user.email))).toBe(false);

    const [entry] = await logOf(p.admin.team.id, p.admin.token, '?action=personal_data.exported');
    expect(entry).toMatchObject({
      actor: { id: p.admin.user.id },
      changes: { judges: [null, 1], items: [null, 1], files: [null, 1], emails: [null, 1] },
    });
    // The log names what was exported by counts, never by the address.
    expect(JSON.stringify(entry)).not.toContain(p.email);
  });

  it('erases it: the report stays the same, the file leaves the storage, the address is suppressed', async () => {
    const p = await personInTeam();
    const key = await storedKeyOf(p.created.id);
    if (!key) throw new Error('no file key');
    expect(await t.app.ctx.files.sizeOf(key)).toBe(PDF.length);
    const before = await report(p.admin.token, p.issue.id);

    const reply = await post(p.admin.token, `teams/${p.admin.team.id}/personal-data/erase/`, p.email);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({
      teams: 1,
      judges: 1,
      answers: 2,
      comments: 1,
      items: 1,
      files: 1,
      emails: 1,
    });

    expect(await report(p.admin.token, p.issue.id)).toEqual(before);
    const answers = await t.db.select().from(issueAnswers).where(eq(issueAnswers.issueId, p.issue.id));
    expect(answers).toHaveLength(4);
    expect(answers.some((answer) => answer.userId === p.judge.user.id)).toBe(false);
    expect(await t.app.ctx.files.sizeOf(key)).toBeNull();
    const item = await t.request({
      method: 'GET',
      url: `/api/v1/datasets/${p.created.id}/`,
      token: p.admin.token,
    });
    expect(item.json()).toMatchObject({ title: ERASED_ITEM_TITLE, datum_values: [] });
    const suppressed = await t.db
      .select()
      .from(emailSuppressions)
      .where(and(eq(emailSuppressions.email, p.email), eq(emailSuppressions.teamId, p.admin.team.id)));
    expect(suppressed).toHaveLength(1);
    // The person's link stops working; the other judge's goes on.
    expect((await call.view(p.issue.id, p.judge.token)).statusCode).not.toBe(200);
    expect((await call.view(p.issue.id, p.other.token)).statusCode).toBe(200);

    const again = await unzip(
      (await post(p.admin.token, `teams/${p.admin.team.id}/personal-data/export/`, p.email)).rawPayload,
    );
    expect(document(again, 'judging.json')).toEqual([]);
    expect(document(again, 'items.json')).toEqual([]);
    expect(document(again, 'mails.json')).toMatchObject({ mailings: [], queued: [], outbox: [] });

    const log = await logOf(p.admin.team.id, p.admin.token);
    expect(log.map((entry) => entry.action)).toContain('personal_data.erased');
    // The judge's earlier entries keep their id, no longer their address.
    const submitted = log.find(
      (entry) => entry.action === 'answers.submitted' && entry.actor.id === p.judge.user.id,
    );
    expect(submitted?.actor.email).toBeNull();
    expect(JSON.stringify(log)).not.toContain(p.email);

    // A French admin's exports name the erased item in French, as their pages do (decision 188).
    await t.db.update(users).set({ language: 'fr' }).where(eq(users.id, p.admin.user.id));
    for (const url of [
      `datasets/export_excel/?team=${p.admin.team.id}`,
      `teams/${p.admin.team.id}/audit-log/export/`,
    ]) {
      const sheet = await t.request({ method: 'GET', url: `/api/v1/${url}`, token: p.admin.token });
      expect(sheet.statusCode, url).toBe(200);
      const cells = JSON.stringify(await readWorkbook(sheet.rawPayload));
      expect(cells, url).toContain('[effacé]');
      expect(cells, url).not.toContain(ERASED_ITEM_TITLE);
    }
  });

  it('refuses a member’s address, and other teams’ admins; a superuser answers for every team', async () => {
    const p = await personInTeam();
    const refused = await post(
      p.admin.token,
      `teams/${p.admin.team.id}/personal-data/erase/`,
      p.admin.user.email,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe(PERSON_IS_MEMBER);
    const stranger = await t.createAdmin();
    expect(
      (await post(stranger.token, `teams/${p.admin.team.id}/personal-data/export/`, p.email)).statusCode,
    ).toBe(404);
    expect((await post(p.admin.token, 'personal-data/export/', p.email)).statusCode).toBe(403);
    const bad = await post(p.admin.token, `teams/${p.admin.team.id}/personal-data/erase/`, 'not an address');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('email');

    // The same person judges in a second team too, under the same identity.
    const second = await j.createSetup('RatingIssue');
    await t.db.insert(issueAccesses).values({
      issueId: second.issue.id,
      userId: p.judge.user.id,
      token: 'second-team-link',
      origin: 'admin',
    });
    const superuser = await t.superuserToken();
    const exported = await post(superuser, 'personal-data/export/', p.email);
    expect(exported.statusCode, exported.body).toBe(200);
    const names = Object.keys(await unzip(exported.rawPayload));
    expect(names.filter((name) => name.endsWith('person.json')).sort()).toEqual(
      [`team-${p.admin.team.id}/person.json`, `team-${second.admin.team.id}/person.json`].sort(),
    );
    expect(names.some((name) => name.startsWith(`team-${p.admin.team.id}/files/`))).toBe(true);
    const erased = await post(superuser, 'personal-data/erase/', p.email);
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toMatchObject({ teams: 2, judges: 2, files: 1 });
    const everywhere = await t.db
      .select()
      .from(emailSuppressions)
      .where(eq(emailSuppressions.email, p.email));
    expect(everywhere.map((row) => row.teamId)).toEqual(expect.arrayContaining([null, p.admin.team.id]));
  });
});
