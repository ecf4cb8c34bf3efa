import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgingFactories } from '../features/judging/test-factories.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

/** Beyond PostgreSQL's `integer`: such an id names nothing and must never reach SQL. */
const HUGE = 99999999999;

describe('ids beyond the integer range', () => {
  let t: TestApp;
  let token: string;
  let team: number;
  let issue: number;
  let item: number;
  let judge: number;

  beforeAll(async () => {
    t = await createTestApp();
    const setup = await judgingFactories(t).createSetup();
    token = setup.admin.token;
    team = setup.admin.team.id;
    issue = setup.issue.id;
    item = setup.items[0]?.id ?? 0;
    judge = setup.judge.user.id;
  });
  afterAll(() => t.close());

  const paths: [string, string][] = [
    ['GET', `/api/v1/issues/${HUGE}/`],
    ['PATCH', `/api/v1/issues/${HUGE}/`],
    ['DELETE', `/api/v1/issues/${HUGE}/`],
    ['GET', `/api/v1/issues/${HUGE}/report_summary/`],
    ['GET', `/api/v1/issues/${HUGE}/judges/`],
    ['GET', `/api/v1/issues/${HUGE}/answer_view/?token=abc`],
    ['GET', `/api/v1/issues/${HUGE}/get_public_info/`],
    ['GET', `/api/v1/teams/${HUGE}/`],
    ['GET', `/api/v1/teams/${HUGE}/members/`],
    ['DELETE', `/api/v1/teams/${HUGE}/tags/${HUGE}/`],
    ['GET', `/api/v1/datasets/${HUGE}/`],
    ['GET', `/api/v1/data-models/${HUGE}/`],
    ['DELETE', `/api/v1/data-models/1/datum-fields/${HUGE}/`],
    ['GET', `/api/v1/intake-forms/${HUGE}/`],
    ['GET', `/api/v1/intake-forms/${HUGE}/public/`],
    ['GET', `/api/v1/issues-merge/${HUGE}/results/`],
    ['PATCH', `/api/v1/review-status/${HUGE}/`],
    ['PATCH', `/api/v1/issue-questions/${HUGE}/`],
    ['DELETE', `/api/v1/reviews/1/comments/${HUGE}/`],
    ['GET', '/api/v1/issues/abc/'],
  ];

  it.each(paths)('%s %s answers 404', async (method, url) => {
    const reply = await t.request({
      method: method as 'GET',
      url,
      token,
      payload: method === 'GET' ? undefined : {},
    });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({ code: 'NOT_FOUND', detail: 'Not found.' });
  });

  const queries: [string, string][] = [
    [`/api/v1/issues/?team=${HUGE}`, 'team'],
    [`/api/v1/datasets/?team=${HUGE}`, 'team'],
    [`/api/v1/datasets/?team=1&issue=${HUGE}`, 'issue'],
    [`/api/v1/data-models/?team=${HUGE}`, 'team'],
    [`/api/v1/issues-merge/?team=${HUGE}`, 'team'],
    [`/api/v1/review-status/?team=${HUGE}`, 'team'],
    [`/api/v1/intake-forms/?data_model__team=${HUGE}`, 'data_model__team'],
    [`/api/v1/custom/dashboard_data?team_id=${HUGE}`, 'team_id'],
    [`/api/v1/issues/1/report_summary_user/?user=${HUGE}`, 'user'],
    [`/api/v1/issues/1/access_datasets/?user=${HUGE}`, 'user'],
    [`/api/v1/issues/1/answers/?user=${HUGE}`, 'user'],
    [`/api/v1/issues/1/invitations/?user=${HUGE}`, 'user'],
  ];

  it.each(queries)('GET %s answers 400 on %s', async (url, field) => {
    const reply = await t.request({ method: 'GET', url, token });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()[field]).toEqual(['Ensure this value is less than or equal to 2147483647.']);
  });

  it('drops an out-of-range id from a list of tags, like any other unknown id', async () => {
    const reply = await t.request({ method: 'GET', url: `/api/v1/issues/?team=${team}&tags=${HUGE}`, token });
    expect(reply.statusCode).toBe(200);
  });

  it('answers 400 with the field for an id in a body', async () => {
    const cases: [string, string, Record<string, unknown>, string][] = [
      [
        'PATCH',
        `/api/v1/issues/${issue}/`,
        { resourcetype: 'RatingIssue', tags_patch: [HUGE] },
        'tags_patch.0',
      ],
      ['POST', `/api/v1/issues/${issue}/set_access/`, { user: HUGE, access: false }, 'user'],
      ['POST', `/api/v1/issues/${issue}/send_invitation/`, { user: HUGE }, 'user'],
      ['POST', `/api/v1/issues/${issue}/copy_access/`, { from_user: judge, to_user: HUGE }, 'to_user'],
      ['POST', `/api/v1/issues/${issue}/datasets/`, { datasets: [item, HUGE] }, 'datasets.1'],
      ['POST', '/api/v1/issue-questions/', { issue: HUGE, title: 'Team' }, 'issue'],
      ['POST', '/api/v1/review-status/', { team: HUGE, label: 'Go', bg_color: '#ffffff' }, 'team'],
      ['POST', '/api/v1/datasets/', { team, title: 'X', data_model: HUGE }, 'data_model'],
      ['POST', '/api/v1/issues-merge/', { team: HUGE, title: 'M', issue_merge_infos: [] }, 'team'],
      [
        'POST',
        '/api/v1/issues/',
        { resourcetype: 'TextIssue', team: HUGE, title: 'Hello', item_label_singular_en: 'item' },
        'team',
      ],
    ];
    for (const [method, url, payload, field] of cases) {
      const reply = await t.request({ method: method as 'POST', url, token, payload });
      expect([url, reply.statusCode]).toEqual([url, 400]);
      expect([url, reply.json()[field]]).toEqual([
        url,
        ['Ensure this value is less than or equal to 2147483647.'],
      ]);
    }
  });
});
