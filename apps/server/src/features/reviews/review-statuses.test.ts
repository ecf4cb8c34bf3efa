import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewStatuses, reviews } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createDataset } from './test-factories.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const GREEN = '#d9f7be';
const RED = '#ffccc7';

const listStatuses = (token: string, query: string) =>
  t.request({ method: 'GET', url: `/api/v1/review-status/${query}`, token });
const addStatus = (token: string, payload: object) =>
  t.request({ method: 'POST', url: '/api/v1/review-status/', token, payload });
const patchStatus = (token: string, id: number, payload: object) =>
  t.request({ method: 'PATCH', url: `/api/v1/review-status/${id}/`, token, payload });
const deleteStatus = (token: string, id: number) =>
  t.request({ method: 'DELETE', url: `/api/v1/review-status/${id}/`, token });
const labels = (reply: { json(): { results: { label: string }[] } }) =>
  reply.json().results.map((s) => s.label);
const statusRow = async (id: number) =>
  (await t.db.select().from(reviewStatuses).where(eq(reviewStatuses.id, id)))[0];

describe('GET review-status/', () => {
  it("lists the team's statuses by label, paged, and needs the team", async () => {
    const { team, token } = await t.createAdmin();
    const other = await t.createAdmin();
    for (const label of ['Rejected', 'Accepted', 'Maybe'])
      await addStatus(token, { team: team.id, label, bg_color: GREEN });
    await addStatus(other.token, { team: other.team.id, label: 'Foreign', bg_color: GREEN });

    const all = await listStatuses(token, `?team=${team.id}`);
    expect(all.statusCode).toBe(200);
    expect(all.json().count).toBe(3);
    expect(labels(all)).toEqual(['Accepted', 'Maybe', 'Rejected']);
    expect(all.json().results[0]).toEqual({
      id: expect.any(Number),
      label: 'Accepted',
      color: '',
      bg_color: GREEN,
      team: team.id,
    });
    expect(labels(await listStatuses(token, `?team=${team.id}&ordering=-label`))).toEqual([
      'Rejected',
      'Maybe',
      'Accepted',
    ]);
    expect(labels(await listStatuses(token, `?team=${team.id}&limit=1&offset=1`))).toEqual(['Maybe']);

    const missing = await listStatuses(token, '');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ team: ['This field is required.'] });
  });

  it("answers 404 for another team's statuses", async () => {
    const { token } = await t.createAdmin();
    const other = await t.createAdmin();
    const reply = await listStatuses(token, `?team=${other.team.id}`);
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({ code: 'NOT_FOUND', detail: 'Not found.' });
  });
});

describe('POST review-status/', () => {
  it('creates a status with a trimmed label, one of the seven colours and a text colour', async () => {
    const { team, token } = await t.createAdmin();
    const reply = await addStatus(token, {
      team: team.id,
      label: '  Shortlisted ',
      bg_color: RED,
      color: '#000000',
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toEqual({
      id: expect.any(Number),
      label: 'Shortlisted',
      color: '#000000',
      bg_color: RED,
      team: team.id,
    });
  });

  it('validates label, colours and team', async () => {
    const { team, token } = await t.createAdmin();
    const errors = (payload: object) => addStatus(token, { team: team.id, bg_color: GREEN, ...payload });
    expect((await errors({})).json()).toEqual({ label: ['This field is required.'] });
    expect((await errors({ label: ' ' })).json()).toEqual({ label: ['This field may not be blank.'] });
    expect((await errors({ label: 'x'.repeat(101) })).json()).toEqual({
      label: ['Ensure this field has no more than 100 characters.'],
    });
    expect((await errors({ label: 'Ok', bg_color: '#123456' })).json()).toEqual({
      bg_color: ['"#123456" is not a valid choice.'],
    });
    expect((await errors({ label: 'Ok', color: 'red;x' })).json()).toEqual({
      color: ['Enter a valid hex colour.'],
    });
    expect((await addStatus(token, { label: 'Ok', bg_color: GREEN })).json()).toEqual({
      team: ['This field is required.'],
    });
    expect((await errors({ label: 'x'.repeat(100) })).statusCode).toBe(201);
  });

  it('stops at 10 statuses per team', async () => {
    const { team, token } = await t.createAdmin();
    for (let i = 1; i <= 10; i += 1) {
      expect((await addStatus(token, { team: team.id, label: `S${i}`, bg_color: GREEN })).statusCode).toBe(
        201,
      );
    }
    const eleventh = await addStatus(token, { team: team.id, label: 'S11', bg_color: GREEN });
    expect(eleventh.statusCode).toBe(400);
    expect(eleventh.json()).toEqual({
      code: 'MAX_REVIEW_STATUSES',
      detail: 'The maximum number of review statuses is reached.',
    });
    expect((await listStatuses(token, `?team=${team.id}`)).json().count).toBe(10);
  });

  it('stops at 10 when statuses are added at once (PostgreSQL runs them side by side)', async () => {
    const { team, token } = await t.createAdmin();
    const labels = Array.from({ length: 14 }, (_, i) => `S${i}`);
    const replies = await Promise.all(
      labels.map((label) => addStatus(token, { team: team.id, label, bg_color: GREEN })),
    );
    expect(replies.filter((reply) => reply.statusCode === 201)).toHaveLength(10);
    expect((await listStatuses(token, `?team=${team.id}`)).json().count).toBe(10);
  });

  it('answers 404 for another team and creates nothing', async () => {
    const { token } = await t.createAdmin();
    const other = await t.createAdmin();
    expect((await addStatus(token, { team: other.team.id, label: 'X', bg_color: GREEN })).statusCode).toBe(
      404,
    );
    const [row] = await t.db
      .select({ n: count() })
      .from(reviewStatuses)
      .where(eq(reviewStatuses.teamId, other.team.id));
    expect(row?.n).toBe(0);
  });
});

describe('PATCH review-status/{id}/', () => {
  it('changes label and colours but never the team', async () => {
    const { team, token } = await t.createAdmin();
    const other = await t.createAdmin();
    const status = (await addStatus(token, { team: team.id, label: 'Old', bg_color: GREEN })).json();
    const reply = await patchStatus(token, status.id, { label: ' New ', bg_color: RED, team: other.team.id });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ ...status, label: 'New', bg_color: RED });
    expect((await patchStatus(token, status.id, {})).json()).toMatchObject({ label: 'New' });
    expect((await patchStatus(token, status.id, { label: '' })).json()).toEqual({
      label: ['This field may not be blank.'],
    });
    expect((await statusRow(status.id))?.label).toBe('New');
  });

  it("answers 404 for another team's status and leaves it unchanged", async () => {
    const { token } = await t.createAdmin();
    const other = await t.createAdmin();
    const foreign = (
      await addStatus(other.token, { team: other.team.id, label: 'Theirs', bg_color: GREEN })
    ).json();
    expect((await patchStatus(token, foreign.id, { label: 'Mine' })).statusCode).toBe(404);
    expect((await statusRow(foreign.id))?.label).toBe('Theirs');
    expect((await patchStatus(token, 999999, { label: 'Mine' })).statusCode).toBe(404);
  });
});

describe('DELETE review-status/{id}/', () => {
  it('deletes the status and leaves its reviews without status', async () => {
    const { team, token } = await t.createAdmin();
    const status = (await addStatus(token, { team: team.id, label: 'Gone', bg_color: GREEN })).json();
    const datasetId = await createDataset(t, team.id);
    const review = await t.request({
      method: 'POST',
      url: '/api/v1/reviews/',
      token,
      payload: { data_set_id: datasetId, status_id: status.id },
    });
    expect(review.json().status).toMatchObject({ id: status.id });

    expect((await deleteStatus(token, status.id)).statusCode).toBe(204);
    expect(await statusRow(status.id)).toBeUndefined();
    const [kept] = await t.db.select().from(reviews).where(eq(reviews.id, review.json().id));
    expect(kept?.statusId).toBeNull();
    expect((await deleteStatus(token, status.id)).statusCode).toBe(404);
  });

  it("answers 404 for another team's status and keeps it", async () => {
    const { token } = await t.createAdmin();
    const other = await t.createAdmin();
    const foreign = (
      await addStatus(other.token, { team: other.team.id, label: 'Theirs', bg_color: GREEN })
    ).json();
    expect((await deleteStatus(token, foreign.id)).statusCode).toBe(404);
    expect(await statusRow(foreign.id)).toBeDefined();
  });
});
