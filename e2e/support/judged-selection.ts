import { callAdminApi } from './admin-api.ts';

export type Answer = { dataset: number; question?: number | null; value: number };

/** A selection of `items` whose judges (one per submission) each answer through their personal link. */
export async function createJudgedSelection(
  baseUrl: string,
  issue: Record<string, unknown>,
  items: number[],
  submissions: (questions: number[]) => { answers: Answer[]; comments?: object[] }[],
  criteria: { title: string; weight: number }[] = [],
) {
  const created = await callAdminApi<{ id: number }>(baseUrl, 'POST', 'issues/', { team: 1, ...issue });
  await callAdminApi(baseUrl, 'POST', `issues/${created.id}/datasets/`, { datasets: items });
  const questions: number[] = [];
  for (const criterion of criteria) {
    questions.push(
      (
        await callAdminApi<{ id: number }>(baseUrl, 'POST', 'issue-questions/', {
          issue: created.id,
          ...criterion,
        })
      ).id,
    );
  }
  const bodies = submissions(questions);
  const emails = bodies.map((_, index) => `judge${index + 1}-${created.id}@example.org`);
  await callAdminApi(baseUrl, 'POST', `issues/${created.id}/set_access/`, { emails, access: true });
  const judges = await callAdminApi<{ results: { user: { email: string }; issue_answer_link: string }[] }>(
    baseUrl,
    'GET',
    `issues/${created.id}/judges/?limit=100`,
  );
  for (const [index, body] of bodies.entries()) {
    const link = judges.results.find((judge) => judge.user.email === emails[index])?.issue_answer_link ?? '';
    const token = new URL(link, baseUrl).searchParams.get('token');
    const reply = await fetch(`${baseUrl}/api/v1/issues/${created.id}/submissions/?token=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (reply.status !== 201) throw new Error(`submission: ${reply.status} ${await reply.text()}`);
  }
  return created.id;
}
