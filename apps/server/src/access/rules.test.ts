import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamMembers } from '../db/schema/index.ts';
import { judgingFactories } from '../features/judging/test-factories.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { ACTIONS, type Action, CALLERS, type Caller, RULES } from './rules.ts';

/** For each action, a route of it, called on the set-up's team or selection. */
const ROUTE_OF: Record<Action, (ids: { team: number; issue: number }) => string> = {
  'manage-team': ({ team }) => `/api/v1/teams/${team}/tags/`,
  'open-team': ({ team }) => `/api/v1/teams/${team}/`,
  'answer-selection': ({ issue }) => `/api/v1/issues/${issue}/answer_view/`,
  'operate-site': () => '/api/v1/outbox/',
};

describe('the table of rights (access/rules.ts), caller by caller and action by action', () => {
  let t: TestApp;
  let ids: { team: number; issue: number };
  /** How each caller calls: a bearer token, a judge's link token, or neither. */
  const credentials = new Map<Caller, { bearer?: string; link?: string }>();

  beforeAll(async () => {
    t = await createTestApp();
    const setup = await judgingFactories(t).createSetup();
    ids = { team: setup.admin.team.id, issue: setup.issue.id };
    const invited = await t.createUser();
    await t.db.insert(teamMembers).values({ teamId: ids.team, userId: invited.id, status: 'pending' });
    const refused = await t.createUser();
    await t.db.insert(teamMembers).values({ teamId: ids.team, userId: refused.id, status: 'refused' });
    credentials.set('anonymous', {});
    // A stranger to this team: admin of their own, and refused by this one.
    credentials.set('stranger', { bearer: await t.tokenFor(refused.id) });
    credentials.set('invited', { bearer: await t.tokenFor(invited.id) });
    credentials.set('team-admin', { bearer: setup.admin.token });
    credentials.set('superuser', { bearer: await t.superuserToken() });
    credentials.set('judge', { link: setup.judge.token });
    credentials.set('other-judge', { link: (await judgingFactories(t).createSetup()).judge.token });
  });
  afterAll(() => t.close());

  it('answers each route as the table says, for every caller', async () => {
    const answered: string[] = [];
    const expected: string[] = [];
    for (const action of ACTIONS) {
      for (const caller of CALLERS) {
        const { bearer, link } = credentials.get(caller) ?? {};
        const reply = await t.request({
          method: 'GET',
          url: `${ROUTE_OF[action](ids)}${link ? `?token=${link}` : ''}`,
          token: bearer,
        });
        const outcome = RULES[action][caller];
        expected.push(`${action} ${caller} ${outcome === 'allowed' ? 200 : outcome}`);
        answered.push(`${action} ${caller} ${reply.statusCode}`);
      }
    }
    expect(answered).toEqual(expected);
    expect(answered).toHaveLength(ACTIONS.length * CALLERS.length);
  });

  it('is the table the routes read: a changed answer changes the route’s', async () => {
    const rule = RULES['manage-team'];
    const { bearer } = credentials.get('stranger') ?? {};
    rule.stranger = 403;
    try {
      const reply = await t.request({ method: 'GET', url: ROUTE_OF['manage-team'](ids), token: bearer });
      expect(reply.statusCode).toBe(403);
    } finally {
      rule.stranger = 404;
    }
  });
});
