import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewComments, reviews } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createDataset } from './test-factories.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (token: string, url: string, payload: object) =>
  t.request({ method: 'POST', url: `/api/v1/${url}`, token, payload });
const patch = (token: string, url: string, payload: object) =>
  t.request({ method: 'PATCH', url: `/api/v1/${url}`, token, payload });
const get = (token: string, url: string) => t.request({ method: 'GET', url: `/api/v1/${url}`, token });
const del = (token: string, url: string) => t.request({ method: 'DELETE', url: `/api/v1/${url}`, token });

const reviewCount = async (datasetId: number) =>
  (await t.db.select({ n: count() }).from(reviews).where(eq(reviews.datasetId, datasetId)))[0]?.n ?? 0;
const commentCount = async (reviewId: number) =>
  (await t.db.select({ n: count() }).from(reviewComments).where(eq(reviewComments.reviewId, reviewId)))[0]
    ?.n ?? 0;

/** An admin with an item and two statuses of their team. */
async function adminWithItem() {
  const admin = await t.createAdmin();
  const datasetId = await createDataset(t, admin.team.id);
  const status = async (label: string) =>
    (await post(admin.token, 'review-status/', { team: admin.team.id, label, bg_color: '#bae0ff' })).json();
  return { ...admin, datasetId, accepted: await status('Accepted'), rejected: await status('Rejected') };
}

describe('POST reviews/', () => {
  it("creates the item's review with its status and no comments", async () => {
    const { token, datasetId, accepted } = await adminWithItem();
    const reply = await post(token, 'reviews/', {
      data_set_id: datasetId,
      issue_id: null,
      status_id: accepted.id,
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toEqual({
      id: expect.any(Number),
      issue: null,
      data_set: datasetId,
      create_time: expect.any(String),
      status: { id: accepted.id, label: 'Accepted', color: '', bg_color: '#bae0ff' },
      comments: [],
    });
  });

  it('creates a review without status, to hold comments', async () => {
    const { token, datasetId } = await adminWithItem();
    const reply = await post(token, 'reviews/', { data_set_id: datasetId, status_id: null });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ status: null, issue: null });
  });

  it('refuses a second review of the same item', async () => {
    const { token, datasetId, accepted, rejected } = await adminWithItem();
    await post(token, 'reviews/', { data_set_id: datasetId, status_id: accepted.id });
    const second = await post(token, 'reviews/', { data_set_id: datasetId, status_id: rejected.id });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ code: 'ALREADY_EXISTS' });
    expect(await reviewCount(datasetId)).toBe(1);
  });

  it("refuses another team's status, a selection id and bad input", async () => {
    const { token, datasetId } = await adminWithItem();
    const other = await adminWithItem();
    expect(
      (await post(token, 'reviews/', { data_set_id: datasetId, status_id: other.accepted.id })).json(),
    ).toEqual({
      status_id: [`Invalid pk "${other.accepted.id}" - object does not exist.`],
    });
    expect((await post(token, 'reviews/', { data_set_id: datasetId, issue_id: 7 })).json()).toEqual({
      issue_id: ['Invalid pk "7" - object does not exist.'],
    });
    expect((await post(token, 'reviews/', { status_id: null })).json()).toEqual({
      data_set_id: ['This field is required.'],
    });
    expect((await post(token, 'reviews/', { data_set_id: datasetId, status_id: 'x' })).statusCode).toBe(400);
    expect(await reviewCount(datasetId)).toBe(0);
  });

  it("answers 404 for another team's item and creates nothing", async () => {
    const { token } = await adminWithItem();
    const other = await adminWithItem();
    const reply = await post(token, 'reviews/', { data_set_id: other.datasetId, status_id: null });
    expect(reply.statusCode).toBe(404);
    expect(await reviewCount(other.datasetId)).toBe(0);
    expect((await post(token, 'reviews/', { data_set_id: 999999 })).statusCode).toBe(404);
  });
});

describe('PATCH reviews/{id}/', () => {
  it('changes the status, clears it, and refuses one of another team', async () => {
    const { token, datasetId, accepted, rejected } = await adminWithItem();
    const other = await adminWithItem();
    const review = (await post(token, 'reviews/', { data_set_id: datasetId, status_id: accepted.id })).json();
    const changed = await patch(token, `reviews/${review.id}/`, { status_id: rejected.id });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id: review.id, status: { id: rejected.id, label: 'Rejected' } });

    const foreign = await patch(token, `reviews/${review.id}/`, { status_id: other.accepted.id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toHaveProperty('status_id');
    expect((await patch(token, `reviews/${review.id}/`, {})).json()).toEqual({
      status_id: ['This field is required.'],
    });

    expect((await patch(token, `reviews/${review.id}/`, { status_id: null })).json()).toMatchObject({
      status: null,
    });
  });

  it("answers 404 for another team's review and leaves it unchanged", async () => {
    const { token, rejected } = await adminWithItem();
    const other = await adminWithItem();
    const theirs = (
      await post(other.token, 'reviews/', { data_set_id: other.datasetId, status_id: other.accepted.id })
    ).json();
    expect((await patch(token, `reviews/${theirs.id}/`, { status_id: rejected.id })).statusCode).toBe(404);
    expect((await patch(token, `reviews/${theirs.id}/`, { status_id: null })).statusCode).toBe(404);
    const [row] = await t.db.select().from(reviews).where(eq(reviews.id, theirs.id));
    expect(row?.statusId).toBe(other.accepted.id);
  });
});

describe('GET reviews/', () => {
  it("lists an item's reviews with their comments, filtered by selection", async () => {
    const { token, datasetId, accepted, user } = await adminWithItem();
    const review = (await post(token, 'reviews/', { data_set_id: datasetId, status_id: accepted.id })).json();
    await post(token, `reviews/${review.id}/comments/`, { content: 'First' });
    await post(token, `reviews/${review.id}/comments/`, { content: 'Second' });

    const list = await get(token, `reviews/?data_set=${datasetId}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().count).toBe(1);
    const [listed] = list.json().results;
    expect(listed).toMatchObject({ id: review.id, status: { id: accepted.id } });
    expect(listed.comments.map((c: { content: string }) => c.content)).toEqual(['First', 'Second']);
    expect(listed.comments[0].creator).toEqual({
      id: user.id,
      email: user.email,
      first_name: '',
      last_name: '',
    });

    expect((await get(token, `reviews/?data_set=${datasetId}&issue=null`)).json().count).toBe(1);
    expect((await get(token, `reviews/?data_set=${datasetId}&issue=3`)).json().count).toBe(0);
    expect((await get(token, `reviews/?data_set=${datasetId}&issue=x`)).statusCode).toBe(400);
    expect((await get(token, 'reviews/')).json()).toEqual({ data_set: ['This field is required.'] });
  });

  it("answers 404 for another team's item", async () => {
    const { token } = await adminWithItem();
    const other = await adminWithItem();
    await post(other.token, 'reviews/', { data_set_id: other.datasetId });
    expect((await get(token, `reviews/?data_set=${other.datasetId}`)).statusCode).toBe(404);
  });
});

describe('review comments', () => {
  it('adds a trimmed comment signed by its author and validates the content', async () => {
    const { token, datasetId, user } = await adminWithItem();
    const review = (await post(token, 'reviews/', { data_set_id: datasetId })).json();
    const reply = await post(token, `reviews/${review.id}/comments/`, { content: '  Promising team  ' });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toEqual({
      id: expect.any(Number),
      content: 'Promising team',
      create_time: expect.any(String),
      update_time: expect.any(String),
      creator: { id: user.id, email: user.email, first_name: '', last_name: '' },
    });
    expect((await post(token, `reviews/${review.id}/comments/`, { content: ' ' })).json()).toEqual({
      content: ['This field may not be blank.'],
    });
    expect(
      (await post(token, `reviews/${review.id}/comments/`, { content: 'x'.repeat(2001) })).json(),
    ).toEqual({
      content: ['Ensure this field has no more than 2000 characters.'],
    });
    expect(
      (await post(token, `reviews/${review.id}/comments/`, { content: 'x'.repeat(2000) })).statusCode,
    ).toBe(201);
    expect((await post(token, 'reviews/999999/comments/', { content: 'lost' })).statusCode).toBe(404);
    expect(await commentCount(review.id)).toBe(2);
  });

  it("lets any admin of the team delete a comment, and nobody else's team", async () => {
    const { token, team, datasetId } = await adminWithItem();
    const colleague = await t.createUser();
    await t.addAdmin(team.id, colleague.id);
    const review = (await post(token, 'reviews/', { data_set_id: datasetId })).json();
    const comment = (await post(token, `reviews/${review.id}/comments/`, { content: 'Mine' })).json();
    const kept = (await post(token, `reviews/${review.id}/comments/`, { content: 'Kept' })).json();

    const outsider = await adminWithItem();
    expect((await del(outsider.token, `reviews/${review.id}/comments/${comment.id}/`)).statusCode).toBe(404);
    expect(await commentCount(review.id)).toBe(2);

    const colleagueToken = await t.tokenFor(colleague.id);
    expect((await del(colleagueToken, `reviews/${review.id}/comments/${comment.id}/`)).statusCode).toBe(204);
    expect((await del(token, `reviews/${review.id}/comments/${comment.id}/`)).statusCode).toBe(404);
    const [listed] = (await get(token, `reviews/?data_set=${datasetId}`)).json().results;
    expect(listed.comments.map((c: { id: number }) => c.id)).toEqual([kept.id]);
  });

  it("answers 404 for a comment through another review, and for another team's review", async () => {
    const first = await adminWithItem();
    const secondItem = await createDataset(t, first.team.id, 'Second item');
    const reviewA = (await post(first.token, 'reviews/', { data_set_id: first.datasetId })).json();
    const reviewB = (await post(first.token, 'reviews/', { data_set_id: secondItem })).json();
    const comment = (await post(first.token, `reviews/${reviewA.id}/comments/`, { content: 'On A' })).json();
    expect((await del(first.token, `reviews/${reviewB.id}/comments/${comment.id}/`)).statusCode).toBe(404);

    const outsider = await adminWithItem();
    expect(
      (await post(outsider.token, `reviews/${reviewA.id}/comments/`, { content: 'Hi' })).statusCode,
    ).toBe(404);
    expect(await commentCount(reviewA.id)).toBe(1);
  });
});
