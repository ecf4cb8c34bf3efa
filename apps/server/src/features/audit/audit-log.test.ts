import { AUDIT_CHANGES_MAX } from '@shortlist/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { DownloadLeft } from '../../http/download.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { countingStatements, outputLeftAtOnce, readWorkbook, setLanguage } from '../../test/workbook.ts';
import { judgingCalls, judgingFactories } from '../judging/test-factories.ts';
import { writeAuditCsv, writeAuditWorkbook } from './export.ts';
import { auditConditions } from './read.ts';
import { purgeAuditLog } from './retention.ts';

let t: TestApp;
let f: ReturnType<typeof judgingFactories>;
let call: ReturnType<typeof judgingCalls>;

beforeAll(async () => {
  t = await createTestApp({ env: { AUDIT_RETENTION_DAYS: '30' } });
  f = judgingFactories(t);
  call = judgingCalls(t);
});
afterAll(() => t.close());

const logOf = (teamId: number, token: string, query = '') =>
  t.request({ method: 'GET', url: `/api/v1/teams/${teamId}/audit-log/${query}`, token });

/** A rating selection with two criteria and three items, and its judge. */
async function ratingSetup() {
  const setup = await f.createSetup('RatingIssue', { maxRating: 10 });
  const [team, market] = await f.addQuestions(setup.issue.id, ['Team', 'Market']);
  const [a, b] = setup.items;
  if (!team || !market || !a || !b) throw new Error('setup');
  return { ...setup, team, market, a, b };
}

describe('the audit log of judges’ answers', () => {
  it('records a submission with every value, then an edit with only what changed, old and new', async () => {
    const { admin, issue, judge, team, market, a, b } = await ratingSetup();
    const first = await call.submit(issue.id, judge.token, {
      answers: [
        { dataset: a.id, question: team.id, value: 7 },
        { dataset: a.id, question: market.id, value: 4 },
        { dataset: b.id, question: team.id, value: 2 },
        { dataset: b.id, question: market.id, value: 2 },
      ],
      comments: [{ dataset: a.id, question: null, content: 'Strong team', shared: false }],
    });
    expect(first.statusCode, first.body).toBe(201);
    const edit = await call.submit(issue.id, judge.token, {
      answers: [
        { dataset: a.id, question: team.id, value: 8 },
        { dataset: a.id, question: market.id, value: 4 },
      ],
      comments: [],
    });
    expect(edit.statusCode, edit.body).toBe(201);

    const reply = await logOf(admin.team.id, admin.token, `?object_type=selection&object_id=${issue.id}`);
    expect(reply.statusCode, reply.body).toBe(200);
    const [edited, submitted] = reply.json().results;
    expect(reply.json().count).toBe(2);
    expect(submitted).toMatchObject({
      action: 'answers.submitted',
      actor: { kind: 'judge', id: judge.user.id, email: judge.user.email },
      object_type: 'selection',
      object_id: issue.id,
      object_label: issue.title,
      changes: {
        [`answer.${a.id}.${team.id}`]: [null, 7],
        [`answer.${a.id}.${market.id}`]: [null, 4],
        [`answer.${b.id}.${team.id}`]: [null, 2],
        [`answer.${b.id}.${market.id}`]: [null, 2],
        [`comment.${a.id}.0`]: [null, 'Strong team'],
      },
    });
    expect(edited.action).toBe('answers.edited');
    expect(edited.changes).toEqual({
      [`answer.${a.id}.${team.id}`]: [7, 8],
      [`answer.${b.id}.${team.id}`]: [2, null],
      [`answer.${b.id}.${market.id}`]: [2, null],
      [`comment.${a.id}.0`]: ['Strong team', null],
    });
    // The ids the changes name come with their names as they are now.
    expect(edited.refs.items).toEqual({ [a.id]: a.title, [b.id]: b.title });
    expect(edited.refs.criteria).toEqual({ [team.id]: 'Team', [market.id]: 'Market' });
    expect(Date.parse(edited.time)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('writes one entry however many values a submission has, listing at most AUDIT_CHANGES_MAX of them', async () => {
    const admin = await t.createAdmin();
    const issue = await f.createIssue(admin.team.id, 'RatingIssue', { maxRating: 10 });
    const titles = Array.from({ length: AUDIT_CHANGES_MAX + 20 }, (_, i) => `Item ${i}`);
    const items = await f.addItems(issue.id, admin.team.id, titles);
    const judge = await f.addJudge(issue.id);
    const reply = await call.submit(issue.id, judge.token, {
      answers: items.map((item) => ({ dataset: item.id, question: null, value: 5 })),
      comments: [],
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.teamId, admin.team.id));
    expect(rows).toHaveLength(1);
    const changes = rows[0]?.changes ?? {};
    expect(changes.more).toEqual([null, 20]);
    expect(Object.keys(changes)).toHaveLength(AUDIT_CHANGES_MAX + 1);
  });
});

describe('reading the log', () => {
  it('filters by action, actor and time, pages in SQL, and opens to the team’s admins only', async () => {
    const { admin, issue, judge, a } = await ratingSetup();
    const submit = (value: number) =>
      call.submit(issue.id, judge.token, {
        answers: [{ dataset: a.id, question: null, value }],
        comments: [],
      });
    // Criteria exist, so a bare answer is refused: the selection gets none. Use a plain one instead.
    await t.db.execute(sql`delete from issue_questions where issue_id = ${issue.id}`);
    for (const value of [1, 2, 3]) expect((await submit(value)).statusCode).toBe(201);

    const page = await logOf(admin.team.id, admin.token, '?limit=2');
    expect(page.json()).toMatchObject({ count: 3 });
    expect(page.json().results).toHaveLength(2);
    expect(page.json().next).toContain('offset=2');
    const edits = await logOf(admin.team.id, admin.token, '?action=answers.edited');
    expect(edits.json().count).toBe(2);
    const byJudge = await logOf(admin.team.id, admin.token, `?actor=${judge.user.id}&actor_kind=judge`);
    expect(byJudge.json().count).toBe(3);
    const nobody = await logOf(admin.team.id, admin.token, `?actor=${admin.user.id}`);
    expect(nobody.json().count).toBe(0);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await logOf(admin.team.id, admin.token, `?since=${future}`)).json().count).toBe(0);
    expect((await logOf(admin.team.id, admin.token, `?until=${future}`)).json().count).toBe(3);

    const stranger = await t.createAdmin();
    expect((await logOf(admin.team.id, stranger.token)).statusCode).toBe(404);
    expect((await logOf(stranger.team.id, stranger.token)).json().count).toBe(0);
    const bad = await logOf(admin.team.id, admin.token, '?action=nothing.done&since=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(expect.arrayContaining(['action', 'since']));
  });

  it('exports the filtered entries as xlsx and CSV, and logs each export', async () => {
    const { admin, issue, judge, a, team, market } = await ratingSetup();
    await call.submit(issue.id, judge.token, {
      answers: [
        { dataset: a.id, question: team.id, value: 3 },
        { dataset: a.id, question: market.id, value: 5 },
      ],
      comments: [{ dataset: a.id, question: null, content: '=HYPERLINK("x")', shared: false }],
    });
    const url = `/api/v1/teams/${admin.team.id}/audit-log/export/`;
    const xlsx = await t.request({
      method: 'GET',
      url: `${url}?action=answers.submitted`,
      token: admin.token,
    });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    const sheet = (await readWorkbook(xlsx.rawPayload))['Audit log'] ?? [];
    expect(sheet).toHaveLength(2);
    expect(sheet[1]).toEqual(
      expect.arrayContaining([
        'judge',
        judge.user.id,
        judge.user.email,
        'answers.submitted',
        'selection',
        issue.id,
      ]),
    );
    // What changed in words, before the same as JSON for scripts.
    expect(sheet[0]?.slice(-2)).toEqual(['What changed', 'Changes']);
    expect(sheet[1]?.at(-2)).toBe(
      `${a.title} — Team: 3; ${a.title} — Market: 5; Comment on ${a.title}: =HYPERLINK("x")`,
    );

    const csv = await t.request({ method: 'GET', url: `${url}?format=csv`, token: admin.token });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    // The header, this export (logged before it is read), the xlsx export and the submission.
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('export.audit_log');
    expect(lines[2]).toContain('export.audit_log');
    expect(lines[3]).toContain('answers.submitted');

    const exports = await logOf(admin.team.id, admin.token, '?action=export.audit_log');
    expect(exports.json().results.map((entry: { changes: unknown }) => entry.changes)).toEqual([
      { format: [null, 'csv'] },
      { format: [null, 'xlsx'], action: [null, 'answers.submitted'] },
    ]);
    expect(exports.json().results[0].actor).toMatchObject({ kind: 'user', id: admin.user.id });

    // In French, the sheet is named as the log's page.
    await setLanguage(t, admin, 'fr');
    const french = await t.request({
      method: 'GET',
      url: `${url}?action=answers.submitted`,
      token: admin.token,
    });
    const frenchSheets = await readWorkbook(french.rawPayload);
    expect(Object.keys(frenchSheets)).toEqual(['Journal d’audit']);
    expect(frenchSheets['Journal d’audit']?.[0]?.slice(0, 2)).toEqual(['Date (UTC)', 'Auteur']);
  });
});

describe('keeping the log', () => {
  it('has no way through the API to change or delete an entry, not even for a superuser', async () => {
    const { issue, judge, a } = await ratingSetup();
    await t.db.execute(sql`delete from issue_questions where issue_id = ${issue.id}`);
    await call.submit(issue.id, judge.token, { answers: [{ dataset: a.id, value: 1 }], comments: [] });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.teamId, issue.teamId));
    if (!entry) throw new Error('no entry');
    const superuser = await t.superuserToken();
    const base = `/api/v1/teams/${issue.teamId}/audit-log/`;
    for (const url of [base, `${base}${entry.id}/`])
      for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
        const reply = await t.request({ method, url, token: superuser, payload: { changes: {} } });
        expect([404, 405], `${method} ${url}`).toContain(reply.statusCode);
      }
    const [kept] = await t.db.select().from(auditLog).where(eq(auditLog.id, entry.id));
    expect(kept).toEqual(entry);
  });

  it('refuses UPDATE, DELETE and TRUNCATE, even straight in the database', async () => {
    const { issue, judge, a } = await ratingSetup();
    await t.db.execute(sql`delete from issue_questions where issue_id = ${issue.id}`);
    await call.submit(issue.id, judge.token, { answers: [{ dataset: a.id, value: 1 }], comments: [] });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.teamId, issue.teamId));
    if (!entry) throw new Error('no entry');
    await expect(
      t.db.update(auditLog).set({ changes: {} }).where(eq(auditLog.id, entry.id)),
    ).rejects.toThrow();
    await expect(t.db.delete(auditLog).where(eq(auditLog.id, entry.id))).rejects.toThrow();
    await expect(t.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const [kept] = await t.db.select().from(auditLog).where(eq(auditLog.id, entry.id));
    expect(kept).toEqual(entry);
  });

  it('lets the daily purge delete entries older than AUDIT_RETENTION_DAYS, and only those, once a day', async () => {
    const admin = await t.createAdmin();
    const entry = (days: number) => ({
      teamId: admin.team.id,
      time: new Date(Date.now() - days * 86_400_000),
      actorKind: 'system',
      action: 'selection.closed',
      objectType: 'selection',
      objectId: 1,
    });
    await t.db.insert(auditLog).values([entry(31), entry(29), entry(0)]);
    const now = new Date();
    const first = await purgeAuditLog(t.app.ctx, now);
    expect(first).toMatchObject({ ran: true });
    const left = await t.db.select().from(auditLog).where(eq(auditLog.teamId, admin.team.id));
    expect(left.map((row) => Math.round((Date.now() - row.time.getTime()) / 86_400_000))).toEqual([29, 0]);
    // Claimed once a day, whatever the number of processes.
    expect(await purgeAuditLog(t.app.ctx, new Date(now.getTime() + 1000))).toEqual({ ran: false });
  });
});

describe('a download of the log left at once', () => {
  it.each(['xlsx', 'csv'] as const)('reads no batch past the first (%s)', async (format) => {
    const admin = await t.createAdmin();
    await t.db.execute(sql`insert into audit_log (team_id, actor_kind, action, object_type, object_id)
      select ${admin.team.id}::int, 'system', 'selection.closed', 'selection', i
      from generate_series(1, 2500) as i`);
    const counted = countingStatements(t.db);
    const output = outputLeftAtOnce();
    const write = format === 'csv' ? writeAuditCsv : writeAuditWorkbook;
    const options = {
      teamId: admin.team.id,
      where: auditConditions(admin.team.id, {}),
      language: 'en' as const,
    };
    await expect(write(counted.db, options, output)).rejects.toThrow(DownloadLeft);
    // The first batch of 1,000; reading on took the next one and the 500 left.
    expect(counted.statements()).toBe(1);
  });
});
