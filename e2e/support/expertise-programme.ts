import { adminRequest } from './admin-api.ts';

export const ITEMS = [
  'Rare disease genomes',
  'Crop pathogen sequencing',
  'Digital markets law',
  'Coral reef warming',
];
/** Each item's usual value; the judges differ by one at most, so that they agree well but not fully. */
const VALUES = [5, 4, 4, 1];

type Api = ReturnType<typeof adminRequest>;

/** The judges' links' tokens by e-mail. */
export async function tokensOf(api: Api, baseUrl: string, issueId: number) {
  const judges = await api<{ results: { user: { id: number; email: string }; issue_answer_link: string }[] }>(
    'GET',
    `issues/${issueId}/judges/?limit=100`,
  );
  return new Map(
    judges.results.map((judge) => [
      judge.user.id,
      {
        email: judge.user.email,
        token: new URL(judge.issue_answer_link, baseUrl).searchParams.get('token') ?? '',
      },
    ]),
  );
}

async function asJudge(baseUrl: string, token: string, method: string, path: string, body: object) {
  const reply = await fetch(`${baseUrl}/api/v1/${path}?token=${token}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!reply.ok) throw new Error(`${method} ${path}: ${reply.status} ${await reply.text()}`);
}

/**
 * A selection of four items and four judges, two judges per item, every judge's answers in; the first judge
 * judged an earlier selection of the team (the seed of their expertise) and has stated none here.
 */
export async function judgedProgramme(baseUrl: string, language: string) {
  const api = adminRequest(baseUrl);
  const create = async (title: string, items: string[]) => {
    const issue = await api<{ id: number }>('POST', 'issues/', {
      team: 1,
      resourcetype: 'RatingIssue',
      title,
    });
    const type = await api<{ id: number }>('POST', 'data-models/', { team: 1, title: `Type ${issue.id}` });
    const ids: number[] = [];
    for (const item of items)
      ids.push((await api<{ id: number }>('POST', 'datasets/', { data_model: type.id, title: item })).id);
    await api('POST', `issues/${issue.id}/datasets/`, { datasets: ids });
    return { id: issue.id, ids };
  };
  const earlier = await create(`Earlier call ${language}`, ['Metagenomics of alpine lakes']);
  const issue = await create(`Second wave ${language}`, ITEMS);
  const emails = ['ann', 'bob', 'cem', 'dee'].map((name) => `${name}-${issue.id}@example.org`);
  await api('POST', `issues/${earlier.id}/set_access/`, { emails: [emails[0]], access: true });
  const [past] = (await tokensOf(api, baseUrl, earlier.id)).values();
  await asJudge(baseUrl, past?.token ?? '', 'POST', `issues/${earlier.id}/submissions/`, {
    answers: [{ dataset: earlier.ids[0], value: 4 }],
  });

  await api('POST', `issues/${issue.id}/set_access/`, { emails, access: true });
  const judges = await tokensOf(api, baseUrl, issue.id);
  const texts = [
    '',
    'Competition law, digital markets',
    'Ocean warming, coral reefs',
    'Plant pathogens, crops',
  ];
  for (const { email, token } of judges.values()) {
    const text = texts[emails.indexOf(email)];
    if (text) await asJudge(baseUrl, token, 'PUT', `issues/${issue.id}/expertise/`, { text });
  }
  await api('POST', `issues/${issue.id}/assign_access/`, { judges_per_item: 2, max_items_per_judge: 2 });
  const pairs = await api<{ results: { user: number; dataset: number }[] }>(
    'GET',
    `issues/${issue.id}/assignment/?limit=100`,
  );
  for (const [user, judge] of judges) {
    const offset = emails.indexOf(judge.email) % 2;
    const answers = pairs.results
      .filter((pair) => pair.user === user)
      .map((pair) => ({
        dataset: pair.dataset,
        value: (VALUES[issue.ids.indexOf(pair.dataset)] ?? 0) - offset,
      }));
    await asJudge(baseUrl, judge.token, 'POST', `issues/${issue.id}/submissions/`, { answers });
  }
  return { api, issueId: issue.id, emails, nbPairs: pairs.results.length };
}
