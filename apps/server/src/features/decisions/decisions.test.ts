import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  datasets,
  formSubmissions,
  intakeForms,
  issueComments,
  webhookDeliveries,
  webhooks,
} from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { decodeBody, startSmtpSink } from '../../test/smtp.ts';
import { emailFactories } from '../emails/test-factories.ts';
import { drainMailQueue } from '../mail/queue.ts';
import { reportFactories } from '../reports/test-factories.ts';
import { hashToken } from '../submissions/tokens.ts';

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let t: TestApp;
let mail: ReturnType<typeof emailFactories>;
let reports: ReturnType<typeof reportFactories>;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ env: { SMTP_URL: sink.url } });
  mail = emailFactories(t);
  reports = reportFactories(t);
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const receivedBy = (domain: string) => sink.received.filter((m) => m.to[0]?.endsWith(domain));

/**
 * The rating selection of the report tests (B 1st, C 2nd, A 3rd, D unrated), its items answers of a form
 * whose respondents have real edit links, and the team allowed mass e-mail.
 */
async function programme(domain: string, options: { language?: string } = {}) {
  const setup = await reports.createRatingSetup();
  await mail.setPackage(setup.team.id, {});
  const { a, b, c, d } = setup.items;
  const [form] = await t.db
    .insert(intakeForms)
    .values({
      teamId: setup.team.id,
      dataModelId: a.dataModelId,
      title: 'Call',
      published: true,
      languageCode: options.language ?? 'en',
    })
    .returning();
  if (!form) throw new Error('no form');
  const tokens = new Map<number, string>();
  const rows = await t.db
    .insert(formSubmissions)
    .values(
      [a, b, c, d].map((item) => {
        const token = `token-${item.id}-${domain}`;
        tokens.set(item.id, token);
        return {
          formId: form.id,
          datasetId: item.id,
          email: `${item.title.toLowerCase()}@${domain}`,
          status: 'submitted',
          submitTime: new Date(),
          tokenHash: hashToken(token),
        };
      }),
    )
    .returning({ id: formSubmissions.id, datasetId: formSubmissions.datasetId });
  const submissionOf = new Map(rows.map((row) => [row.datasetId, row.id]));
  const api = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>) =>
    t.request({ method, url: `/api/v1/${url}`, token: setup.token, ...(payload ? { payload } : {}) });
  /** What the respondent's edit link shows. */
  const status = async (itemId: number) => {
    const reply = await t.request({
      method: 'GET',
      url: `/api/v1/form-submissions/${submissionOf.get(itemId)}/status/?token=${tokens.get(itemId)}`,
    });
    expect(reply.statusCode).toBe(200);
    return reply.json();
  };
  return { ...setup, form, api, status, submissionOf, tokens };
}

async function template(p: Awaited<ReturnType<typeof programme>>, values: Record<string, unknown> = {}) {
  const reply = await p.api('POST', 'email-templates/', {
    team: p.team.id,
    title: 'Outcome',
    subject: 'Your application {{ title }}: {{ decision }}',
    html_content:
      '<p>Decision: {{ decision }}, rank {{ rank }}, round {{ round }}.</p><ul>{% for c in comments %}<li>{{ c }}</li>{% endfor %}</ul><ol>{% for a in averages %}<li>{{ a }}</li>{% endfor %}</ol>',
    ...values,
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json() as { id: number };
}

/** A draft batch with the audience's items, previewed. */
async function batch(
  p: Awaited<ReturnType<typeof programme>>,
  templateId: number,
  audience: Record<string, unknown>,
  fields: Record<string, unknown> = {},
) {
  const created = await p.api('POST', 'email-batches/', {
    team: p.team.id,
    title: 'Outcome',
    template: templateId,
    ...fields,
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as number;
  const added = await p.api('POST', `email-batches/${id}/add_audience/`, { audience });
  expect(added.statusCode, added.body).toBe(200);
  const rendered = await p.api('POST', `email-batches/${id}/render_emails/`, {});
  expect(rendered.statusCode, rendered.body).toBe(200);
  return { id, added: added.json() };
}

describe('decisions, pending until a decisions mailing sends them', () => {
  it('sets the top k of a report, sends nothing until the mailing is sent, then shows it at the edit link', async () => {
    const p = await programme('life.test');
    const { a, b, c, d } = p.items;
    const [hook] = await t.db
      .insert(webhooks)
      .values({
        teamId: p.team.id,
        url: 'https://hooks.example.org/x',
        events: ['decision.sent'],
        secret: 's',
      })
      .returning();

    const top = await p.api('POST', 'decisions/', {
      team: p.team.id,
      issue: p.issue.id,
      top: 2,
      decision: 'accepted',
    });
    expect(top.json()).toEqual({ updated: 2 });
    const rest = await p.api('POST', 'decisions/', {
      team: p.team.id,
      datasets: [a.id, d.id],
      decision: 'declined',
    });
    expect(rest.json()).toEqual({ updated: 2 });
    // The same decision again changes nothing.
    expect(
      (await p.api('POST', 'decisions/', { team: p.team.id, datasets: [b.id], decision: 'accepted' })).json(),
    ).toEqual({ updated: 0 });
    const list = (await p.api('GET', `decisions/?team=${p.team.id}&issue=${p.issue.id}`)).json();
    expect(
      list.map((row: { dataset: number; decision: string; pending: boolean }) => [
        row.dataset,
        row.decision,
        row.pending,
      ]),
    ).toEqual([
      [a.id, 'declined', true],
      [b.id, 'accepted', true],
      [c.id, 'accepted', true],
      [d.id, 'declined', true],
    ]);

    // An ordinary mailing tells only what was sent: nothing yet.
    const plain = await template(p);
    const ordinary = await batch(p, plain.id, { issue: p.issue.id });
    const preview = (await p.api('GET', `email-batches/${ordinary.id}/emails/?limit=10`)).json();
    expect(preview.results.map((e: { email: { subject: string } }) => e.email.subject)).toContain(
      'Your application B:',
    );
    // Pending decisions: the edit link shows none.
    expect(await p.status(b.id)).toMatchObject({ is_submitted: true, decision: null, decision_time: null });

    const decisions = await batch(
      p,
      plain.id,
      { issue: p.issue.id, decision_pending: true },
      { sends_decisions: true },
    );
    expect(decisions.added).toMatchObject({ nb_datasets: 4, nb_emails: 4 });
    expect(await p.status(b.id)).toMatchObject({ decision: null });
    expect(receivedBy('life.test')).toHaveLength(0);

    const sent = await p.api('POST', `email-batches/${decisions.id}/send_emails/`, {});
    expect(sent.json()).toMatchObject({ status: 'sending', sends_decisions: true, issue: p.issue.id });
    // Queued is not sent: still nothing at the edit link.
    expect(await p.status(b.id)).toMatchObject({ decision: null });
    await drainMailQueue(t.app.ctx);
    const mails = receivedBy('life.test');
    expect(mails).toHaveLength(4);
    const toB = decodeBody(mails.find((m) => m.to[0] === 'b@life.test')?.raw ?? '');
    expect(toB).toMatch(/^Subject: Your application B: Accepted/m);
    expect(toB).toContain('Decision: Accepted, rank 1, round 1.');
    expect(await p.status(b.id)).toMatchObject({ decision: 'accepted' });
    expect((await p.status(b.id)).decision_time).not.toBeNull();
    expect(await p.status(d.id)).toMatchObject({ decision: 'declined' });

    const events = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, hook?.id ?? 0));
    expect(events.map((e) => JSON.parse(e.body).data.item).sort()).toEqual([a.id, b.id, c.id, d.id].sort());
    const audit = await t.db
      .select({ action: auditLog.action, objectId: auditLog.objectId })
      .from(auditLog)
      .where(
        and(eq(auditLog.teamId, p.team.id), inArray(auditLog.action, ['decision.set', 'decision.sent'])),
      );
    expect(audit.filter((e) => e.action === 'decision.set')).toHaveLength(4);
    expect(audit.filter((e) => e.action === 'decision.sent')).toHaveLength(4);

    // A changed decision is pending again; the applicant still sees the one sent.
    await p.api('POST', 'decisions/', { team: p.team.id, datasets: [d.id], decision: 'waitlisted' });
    expect(await p.status(d.id)).toMatchObject({ decision: 'declined' });
    const count = await p.api('POST', 'email-batches/audience_count/', {
      team: p.team.id,
      audience: { decision_pending: true },
    });
    expect(count.json()).toEqual({ nb_datasets: 1, nb_with_email: 1 });
    // Withdrawn: back to what was sent, nothing pending.
    expect(
      (await p.api('POST', 'decisions/', { team: p.team.id, datasets: [d.id], decision: null })).json(),
    ).toEqual({ updated: 1 });
    const after = (await p.api('GET', `decisions/?team=${p.team.id}`)).json();
    expect(after.find((row: { dataset: number }) => row.dataset === d.id)).toMatchObject({
      decision: 'declined',
      pending: false,
    });
  });

  it('refuses another team’s items, a wrong edit link, and a body with neither datasets nor top', async () => {
    const p = await programme('refuse.test');
    const other = await programme('other.test');
    const foreign = await p.api('POST', 'decisions/', {
      team: p.team.id,
      datasets: [other.items.a.id],
      decision: 'accepted',
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toHaveProperty('datasets');
    const neither = await p.api('POST', 'decisions/', { team: p.team.id, decision: 'accepted' });
    expect(neither.statusCode).toBe(400);
    const wrong = await t.request({
      method: 'GET',
      url: `/api/v1/form-submissions/${p.submissionOf.get(p.items.a.id)}/status/?token=nope`,
    });
    expect(wrong.statusCode).toBe(404);
  });
});

describe('feedback variables', () => {
  it('quotes shared comments (anonymised, escaped) and averages only when the selection shares them', async () => {
    const p = await programme('feedback.test', { language: 'fr' });
    const { a, c } = p.items;
    await t.db.insert(issueComments).values([
      {
        issueId: p.issue.id,
        userId: p.judges.j1.id,
        datasetId: a.id,
        content: '<script>alert(1)</script> bold & clear',
        shared: true,
      },
      {
        issueId: p.issue.id,
        userId: p.judges.j2.id,
        datasetId: a.id,
        content: 'private note',
        shared: false,
      },
    ]);
    await t.db.update(datasets).set({ title: '<b>A</b>' }).where(eq(datasets.id, a.id));
    const tpl = await template(p);
    const closed = await batch(p, tpl.id, { issue: p.issue.id });
    const closedA = (await p.api('GET', `email-batches/${closed.id}/emails/?limit=10`))
      .json()
      .results.find((e: { dataset: number }) => e.dataset === a.id);
    expect(closedA.email.html_message).toContain('<ul></ul><ol></ol>');

    const shareOn = await p.api('PATCH', `issues/${p.issue.id}/`, {
      resourcetype: 'RatingIssue',
      share_feedback: true,
    });
    expect(shareOn.json()).toMatchObject({ share_feedback: true });
    const shared = await batch(p, tpl.id, { issue: p.issue.id });
    const emails = (await p.api('GET', `email-batches/${shared.id}/emails/?limit=10`)).json().results;
    const html = emails.find((e: { dataset: number }) => e.dataset === a.id).email.html_message as string;
    expect(html).toContain('<li>&lt;script&gt;alert(1)&lt;/script&gt; bold &amp; clear</li>');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('private note');
    expect(html).not.toContain(p.judges.j1.email);
    // French form: French numbers (A: Team 2, Market 2; C: Team 3, Market 4.5).
    expect(html).toContain('<li>Team: 2</li><li>Market: 2</li>');
    const htmlC = emails.find((e: { dataset: number }) => e.dataset === c.id).email.html_message as string;
    expect(htmlC).toContain('<li>Market: 4,5</li>');
    expect(htmlC).toContain('rank 2');

    // The admin's preview shows them too, with the pending decision (it reaches nobody else).
    await p.api('POST', 'decisions/', { team: p.team.id, datasets: [c.id], decision: 'waitlisted' });
    const preview = await p.api('POST', 'email-templates/preview/', {
      team: p.team.id,
      subject: '{{ decision }}',
      html_content: '<p>rank {{ rank }}</p>{% for a in averages %}<i>{{ a }}</i>{% endfor %}',
      dataset: c.id,
      issue: p.issue.id,
    });
    expect(preview.json()).toMatchObject({ subject: 'Sur liste d’attente' });
    expect(preview.json().html_message).toContain('<p>rank 2</p><i>Team: 3</i><i>Market: 4,5</i>');
  });
});

describe('audience', () => {
  it('counts the items of a form, a selection, a round, a decision and a tag, each filter narrowing', async () => {
    const p = await programme('audience.test');
    const { a, b } = p.items;
    const count = async (audience: Record<string, unknown>) => {
      const reply = await p.api('POST', 'email-batches/audience_count/', { team: p.team.id, audience });
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json().nb_datasets;
    };
    expect(await count({ form: p.form.id })).toBe(4);
    expect(await count({ issue: p.issue.id })).toBe(4);
    expect(await count({ round: 1 })).toBe(4);
    expect(await count({ round: 2 })).toBe(0);
    // Promoted into a new round (docs/rounds.md), two items are in round 2 as well.
    const promoted = await p.api('POST', `issues/${p.issue.id}/promote/`, { datasets: [a.id, b.id] });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(await count({ round: 2 })).toBe(2);
    expect(await count({ round: 1 })).toBe(4);
    expect(await count({ tag: 'health' })).toBe(2);
    expect(await count({ tag: 'health', issue: p.issue.id })).toBe(2);
    await p.api('POST', 'decisions/', { team: p.team.id, datasets: [a.id], decision: 'waitlisted' });
    await p.api('POST', 'decisions/', { team: p.team.id, datasets: [b.id], decision: 'accepted' });
    expect(await count({ decision: 'waitlisted' })).toBe(1);
    expect(await count({ decision_pending: true, tag: 'health' })).toBe(2);
    const empty = await p.api('POST', 'email-batches/audience_count/', { team: p.team.id, audience: {} });
    expect(empty.statusCode).toBe(400);
    const other = await programme('audience-other.test');
    const foreign = await p.api('POST', 'email-batches/audience_count/', {
      team: p.team.id,
      audience: { issue: other.issue.id },
    });
    expect(foreign.statusCode).toBe(400);
  });
});

describe('language variant', () => {
  it('mails the variant to items whose form is in its language, the template’s own text to the others', async () => {
    const en = await programme('lang-en.test');
    const fr = await programme('lang-fr.test', { language: 'fr' });
    for (const [p, subject] of [
      [en, 'Hello B'],
      [fr, 'Bonjour B'],
    ] as const) {
      const tpl = await template(p, {
        subject: 'Hello {{ title }}',
        html_content: '<p>Hello</p>',
        language: 'en',
        variant_subject: 'Bonjour {{ title }}',
        variant_html_content: '<p>Bonjour</p>',
      });
      const b = await batch(p, tpl.id, { issue: p.issue.id });
      const emails = (await p.api('GET', `email-batches/${b.id}/emails/?limit=10`)).json().results;
      expect(emails.find((e: { dataset: number }) => e.dataset === p.items.b.id).email.subject).toBe(subject);
    }
    const half = await en.api('POST', 'email-templates/', {
      team: en.team.id,
      title: 'x',
      subject: 's',
      html_content: '<p>b</p>',
      variant_subject: 'only a subject',
    });
    expect(half.statusCode).toBe(400);
    expect(half.json()).toHaveProperty('variant_html_content');
    const unknown = await en.api('POST', 'email-templates/', {
      team: en.team.id,
      title: 'x',
      subject: 's',
      html_content: '<p>b</p>',
      variant_subject: 's',
      variant_html_content: '<p>{{ nope }}</p>',
    });
    expect(unknown.json()).toEqual({ variant_html_content: ['Unknown variable "nope".'] });
  });
});
