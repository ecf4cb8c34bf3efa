import { AUDIT_FIELDS } from '@shortlist/contract';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  intakeForms,
  issueMerges,
  issueQuestions,
  issues,
  teams,
  webhooks,
} from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { judgingCalls, judgingFactories } from '../judging/test-factories.ts';
import { diffRows } from './record.ts';

// Every kind of change the issue names is written to the log through the HTTP API, by whom it was made.

let t: TestApp;
let f: ReturnType<typeof judgingFactories>;
let call: ReturnType<typeof judgingCalls>;

beforeAll(async () => {
  t = await createTestApp();
  f = judgingFactories(t);
  call = judgingCalls(t);
});
afterAll(() => t.close());

type Method = InjectOptions['method'];
const api = (token: string, method: Method, path: string, payload?: object) =>
  t.request({ method, url: `/api/v1/${path}`, token, payload: payload as InjectOptions['payload'] });

interface Entry {
  action: string;
  actor: { kind: string; id: number | null };
  object_type: string;
  object_id: number | null;
  changes: Record<string, [unknown, unknown]>;
}

/** The team's entries, oldest first. */
async function entriesOf(teamId: number, token: string, query = ''): Promise<Entry[]> {
  const reply = await api(token, 'GET', `teams/${teamId}/audit-log/?limit=100${query}`);
  expect(reply.statusCode, reply.body).toBe(200);
  return (reply.json().results as Entry[]).reverse();
}

describe('what the log records', () => {
  it('judges given and removed, their items, conflicts, by the admin or the judge themselves', async () => {
    const { admin, issue, items, judge } = await f.createSetup('RatingIssue');
    const [a, b] = items;
    if (!a || !b) throw new Error('setup');
    const post = (path: string, body: object) => api(admin.token, 'POST', `issues/${issue.id}/${path}`, body);

    const added = await post('set_access', { emails: ['new.judge@example.org'], access: true });
    expect(added.statusCode, added.body).toBe(200);
    const newJudge = added.json().results[0].user;
    expect(
      (await post('set_datasets_access', { user: newJudge, access: true, datasets: [a.id] })).statusCode,
    ).toBe(200);
    const declared = await t.request({
      method: 'POST',
      url: `/api/v1/issues/${issue.id}/conflicts/?token=${judge.token}`,
      payload: { dataset: b.id },
    });
    expect(declared.statusCode, declared.body).toBe(201);
    const cleared = await t.request({
      method: 'DELETE',
      url: `/api/v1/issues/${issue.id}/conflicts/?dataset=${b.id}&user=${judge.user.id}`,
      token: admin.token,
    });
    expect(cleared.statusCode, cleared.body).toBe(204);
    expect((await post('set_access', { user: newJudge, access: false })).statusCode).toBe(200);

    const entries = await entriesOf(admin.team.id, admin.token);
    const byAdmin = expect.objectContaining({ kind: 'user', id: admin.user.id });
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'judge.added',
        actor: byAdmin,
        changes: { judge: [null, newJudge] },
      }),
      expect.objectContaining({
        action: 'judge.items_changed',
        changes: { judge: [newJudge, newJudge], items_added: [null, [a.id]] },
      }),
      expect.objectContaining({
        action: 'conflict.declared',
        actor: expect.objectContaining({ kind: 'judge', id: judge.user.id }),
        changes: {
          judge: [judge.user.id, judge.user.id],
          item: [null, b.id],
          answers: [0, 0],
          comments: [0, 0],
        },
      }),
      expect.objectContaining({ action: 'conflict.removed', actor: byAdmin, changes: expect.any(Object) }),
      expect.objectContaining({
        action: 'judge.removed',
        object_type: 'selection',
        object_id: issue.id,
        changes: { judge: [newJudge, null], answers: [0, 0], comments: [0, 0] },
      }),
    ]);
  });

  it('criteria and their weights, settings of a selection, decisions on items', async () => {
    const { admin, issue, items } = await f.createSetup('RatingIssue');
    const created = await api(admin.token, 'POST', 'issue-questions/', {
      issue: issue.id,
      title: 'Team',
      weight: 0.5,
    });
    expect(created.statusCode, created.body).toBe(201);
    const criterion = created.json().id;
    await api(admin.token, 'PATCH', `issue-questions/${criterion}/`, { weight: 0.25 });
    await api(admin.token, 'DELETE', `issue-questions/${criterion}/`);
    const patched = await api(admin.token, 'PATCH', `issues/${issue.id}/`, {
      resourcetype: 'RatingIssue',
      title: 'Finals',
      max_rating: 10,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const status = (
      await api(admin.token, 'POST', 'review-status/', {
        team: admin.team.id,
        label: 'Accepted',
        bg_color: '#bae0ff',
      })
    ).json();
    const item = items[0]?.id ?? 0;
    const review = await api(admin.token, 'POST', 'reviews/', {
      data_set_id: item,
      issue_id: issue.id,
      status_id: status.id,
    });
    expect(review.statusCode, review.body).toBe(201);
    await api(admin.token, 'PATCH', `reviews/${review.json().id}/`, { status_id: null });

    const entries = await entriesOf(admin.team.id, admin.token);
    expect(entries.map((entry) => [entry.action, entry.changes])).toEqual([
      ['criterion.created', { criterion: [null, criterion], title: [null, 'Team'], weight: [null, 0.5] }],
      ['criterion.updated', { criterion: [criterion, criterion], weight: [0.5, 0.25] }],
      ['criterion.deleted', { criterion: [criterion, null], title: ['Team', null], weight: [0.25, null] }],
      ['selection.updated', { title: [issue.title, 'Finals'], max_rating: [5, 10] }],
      ['review.changed', { status: [null, 'Accepted'], selection: [issue.id, issue.id] }],
      ['review.changed', { status: ['Accepted', null], selection: [issue.id, issue.id] }],
    ]);
    expect(entries[4]).toMatchObject({ object_type: 'item', object_id: item });
  });

  it('merges and their weights, exports, the team’s settings and its members', async () => {
    const { admin, issue } = await f.createSetup('RatingIssue');
    const other = await f.createIssue(admin.team.id, 'RatingIssue');
    const merge = await api(admin.token, 'POST', 'issues-merge/', {
      title: 'Finals',
      team: admin.team.id,
      issue_merge_infos: [
        { issue: issue.id, weight: 2 },
        { issue: other.id, weight: 1 },
      ],
    });
    expect(merge.statusCode, merge.body).toBe(201);
    await api(admin.token, 'PATCH', `issues-merge/${merge.json().id}/`, {
      issue_merge_infos: [
        { issue: issue.id, weight: 0.5 },
        { issue: other.id, weight: 1 },
      ],
    });
    const report = await api(admin.token, 'GET', `issues/${issue.id}/export_excel/`);
    expect(report.statusCode).toBe(200);
    const items = await api(admin.token, 'GET', `datasets/export_excel/?team=${admin.team.id}&search=alp`);
    expect(items.statusCode).toBe(200);
    await api(admin.token, 'PATCH', `teams/${admin.team.id}/`, { title: 'Jury 2031' });
    const superuser = await t.superuserToken();
    await api(superuser, 'PATCH', `teams/${admin.team.id}/`, { package: { max_tags: 5 } });
    const invited = await api(admin.token, 'POST', `teams/${admin.team.id}/members/`, {
      email: 'colleague@example.org',
      pseudo: 'Col',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const withdrawn = await api(
      admin.token,
      'DELETE',
      `teams/${admin.team.id}/members/${invited.json().member.id}/`,
    );
    expect(withdrawn.statusCode, withdrawn.body).toBe(204);

    const entries = await entriesOf(admin.team.id, admin.token);
    expect(entries.map((entry) => entry.action)).toEqual([
      'merge.created',
      'merge.updated',
      'export.report',
      'export.items',
      'team.updated',
      'team.updated',
      'member.invited',
      'member.removed',
    ]);
    const [created, updated, exported, itemsExport, renamed, packaged, member, removed] = entries;
    expect(created?.changes.weights).toEqual([{}, { [issue.id]: 2, [other.id]: 1 }]);
    expect(updated?.changes).toEqual({
      weights: [
        { [issue.id]: 2, [other.id]: 1 },
        { [issue.id]: 0.5, [other.id]: 1 },
      ],
    });
    expect(exported).toMatchObject({ object_type: 'selection', object_id: issue.id });
    expect(itemsExport?.changes).toMatchObject({ search: [null, 'alp'] });
    expect(renamed?.changes.title?.[1]).toBe('Jury 2031');
    expect(packaged?.actor.kind).toBe('user');
    expect(packaged?.actor.id).not.toBe(admin.user.id);
    expect(packaged?.changes.package?.[1]).toMatchObject({ max_tags: 5 });
    expect(member).toMatchObject({ object_type: 'member', changes: { status: [null, 'pending'] } });
    expect(removed).toMatchObject({
      object_type: 'member',
      object_id: member?.object_id,
      changes: { status: ['pending', null], role: ['admin', null] },
    });
  });

  it('answers a judge submits through their link, named by the judge, not by a signed-in user', async () => {
    const { admin, issue, items, judge } = await f.createSetup('TokenIssue');
    const reply = await call.submit(issue.id, judge.token, {
      answers: [{ dataset: items[0]?.id, value: 3 }],
      comments: [],
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const [entry] = await entriesOf(admin.team.id, admin.token);
    expect(entry).toMatchObject({ action: 'answers.submitted', actor: { kind: 'judge', id: judge.user.id } });
  });
});

describe('one transaction with the change', () => {
  it('writes nothing when the change is refused, and undoes the change when its entry cannot be written', async () => {
    const { admin, issue } = await f.createSetup('RatingIssue');
    const [criterion] = await f.addQuestions(issue.id, ['Team']);
    if (!criterion) throw new Error('setup');
    const refused = await api(admin.token, 'PATCH', `issue-questions/${criterion.id}/`, { weight: -1 });
    expect(refused.statusCode).toBe(400);
    expect(await entriesOf(admin.team.id, admin.token)).toEqual([]);

    // A log that refuses this team's entries: the change it would record must not stay either.
    await t.db.execute(
      sql.raw(`
      create function refuse_team_entries() returns trigger language plpgsql as $$
      begin
        if new.team_id = ${admin.team.id} then raise exception 'log unavailable'; end if;
        return new;
      end $$`),
    );
    await t.db.execute(sql`create trigger refuse_team_entries before insert on audit_log
      for each row execute function refuse_team_entries()`);
    try {
      const failed = await api(admin.token, 'PATCH', `issue-questions/${criterion.id}/`, { weight: 0.5 });
      expect(failed.statusCode).toBe(500);
      const [kept] = await t.db.select().from(issueQuestions).where(eq(issueQuestions.id, criterion.id));
      expect(kept?.weight).toBe(1);
      const closed = await api(admin.token, 'PATCH', `issues/${issue.id}/`, {
        resourcetype: 'RatingIssue',
        status: 'closed',
      });
      expect(closed.statusCode).toBe(500);
      const [open] = await t.db.select().from(issues).where(eq(issues.id, issue.id));
      expect(open?.status).toBe('open');
    } finally {
      await t.db.execute(sql`drop trigger refuse_team_entries on audit_log`);
    }
  });
});

describe('the names the page has for the fields', () => {
  const named = new Set<string>(AUDIT_FIELDS);
  const unnamed = (keys: Iterable<string>) =>
    [...keys].filter((key) => !named.has(key) && !/^(answer|comment)\.\d+\.\d+$/.test(key));

  it('covers every column of the rows the log compares', () => {
    for (const table of [teams, issues, issueQuestions, issueMerges, webhooks, intakeForms]) {
      // Every column filled: what a created row would write, but for what the log leaves out.
      const row = Object.fromEntries(Object.keys(getTableColumns(table)).map((column) => [column, 1]));
      expect(unnamed(Object.keys(diffRows(null, row)))).toEqual([]);
    }
  });

  it('covers every field written by the changes above, an export’s filters among them', async () => {
    const rows = await t.db.select({ changes: auditLog.changes }).from(auditLog);
    expect(rows.length).toBeGreaterThan(10);
    expect(unnamed(new Set(rows.flatMap((row) => Object.keys(row.changes))))).toEqual([]);
  });
});
