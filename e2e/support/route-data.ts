import { adminRequest } from './admin-api.ts';
import { waitForMailTo } from './outbox.ts';
import { createPublicForm } from './public-form.ts';

/**
 * One of each object a route's address names, made through the API, so that every page of the route table
 * opens on something: a published form (its item type), a rated selection with a judge and items, a merge
 * of it with another, a mailing sent to an item's address (its unsubscribe link). Returns how each path parameter is
 * filled, by the segment before it, and the judge's token for the pages opened with it.
 */
export async function seedRouteData(baseUrl: string) {
  const api = adminRequest(baseUrl);
  const form = await createPublicForm(baseUrl);
  const contact = await api<{ id: number }>('POST', `data-models/${form.itemType}/datum-fields/`, {
    resourcetype: 'text',
    label: 'Contact e-mail',
  });
  const items = await Promise.all(
    ['Acme', 'Zeta Labs'].map((title, index) =>
      api<{ id: number }>('POST', 'datasets/', {
        data_model: form.itemType,
        title,
        datum_values: [
          { datum_field: contact.id, resourcetype: 'text', response: `founder${index}@example.org` },
        ],
      }),
    ),
  );
  const issue = await api<{ id: number }>('POST', 'issues/', {
    team: 1,
    resourcetype: 'RatingIssue',
    title: 'Demo day',
    description: 'Rate each startup. The <a href="https://example.org/rules">rules</a> apply.',
    public: true,
  });
  await api('POST', `issues/${issue.id}/datasets/`, { datasets: items.map((item) => item.id) });
  await api('POST', `issues/${issue.id}/set_access/`, { emails: ['judge@example.org'], access: true });
  const judges = await api<{ results: { issue_answer_link: string }[] }>('GET', `issues/${issue.id}/judges/`);
  const token = new URL(judges.results[0]?.issue_answer_link ?? '', baseUrl).searchParams.get('token') ?? '';
  const other = await api<{ id: number }>('POST', 'issues/', {
    team: 1,
    resourcetype: 'RatingIssue',
    title: 'Second look',
  });
  const merge = await api<{ id: number }>('POST', 'issues-merge/', {
    team: 1,
    title: 'Final shortlist',
    issue_merge_infos: [
      { issue: issue.id, weight: 1 },
      { issue: other.id, weight: 1 },
    ],
  });
  await api('PATCH', 'teams/1/', { package: { mass_emails: true } });
  const template = await api<{ id: number }>('POST', 'email-templates/', {
    team: 1,
    title: 'News',
    subject: 'News for {{ title }}',
    html_content: '<p>Hello</p>',
  });
  const batch = await api<{ id: number }>('POST', 'email-batches/', {
    team: 1,
    title: 'Round 1',
    template: template.id,
  });
  await api('POST', `email-batches/${batch.id}/create_emails/`, {
    datasets: items.map((item) => item.id),
    email_field: contact.id,
  });
  await api('POST', `email-batches/${batch.id}/render_emails/`, {});
  await api('POST', `email-batches/${batch.id}/send_emails/`, {});
  const html = (await waitForMailTo(baseUrl, 'founder0@example.org')).html ?? '';
  const unsubscribe = /\/unsubscribe\/([\w.-]+)/.exec(html)?.[1] ?? '';
  return {
    /** The value of a path parameter, by the segment before it. */
    params: {
      team: '1',
      'intake-forms': String(form.id),
      forms: String(form.id),
      'item-types': String(form.itemType),
      issue: String(issue.id),
      selection: String(issue.id),
      'issues-merge': String(merge.id),
      batch: String(batch.id),
      unsubscribe,
    } as Record<string, string>,
    judgeToken: token,
  };
}
