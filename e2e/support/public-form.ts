import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { adminRequest } from './admin-api.ts';

/**
 * A published form of the demo team that can be saved partway: a section, a required name, a
 * stage (radio) whose "Prototype" answer shows a link question, a PDF deck, a budget, and a
 * confirmation e-mail with the recap.
 */
export async function createPublicForm(baseUrl: string) {
  const api = adminRequest(baseUrl);
  const form = await api<{ id: number; data_model_id: number }>('POST', 'intake-forms/', {
    team: 1,
    title: 'Call for makers',
    description: '<p>Tell us about your <strong>project</strong>.</p>',
    published: true,
    allow_partial_save: true,
  });
  const fieldsUrl = `data-models/${form.data_model_id}/datum-fields/`;
  const field = (body: object) => api<{ id: number }>('POST', fieldsUrl, body);
  const name = await field({
    resourcetype: 'text',
    label: 'Project name',
    required: true,
    response_max_length: 60,
  });
  const stage = await field({
    resourcetype: 'choice',
    label: 'Stage',
    required: true,
    radio: true,
    options: [{ label: 'Idea' }, { label: 'Prototype' }],
  });
  const link = await field({
    resourcetype: 'text',
    label: 'Prototype link',
    required: true,
    response_max_length: 300,
  });
  const deck = await field({ resourcetype: 'file', label: 'Pitch deck', mime_types: ['application/pdf'] });
  await field({ resourcetype: 'custom', type: 'budget', label: 'Budget' });
  const condition = await api<{ id: number }>('POST', `${fieldsUrl}${stage.id}/conditions/`, {
    form: form.id,
    value: 'Prototype',
  });
  await api('PATCH', `${fieldsUrl}${link.id}/`, { resourcetype: 'text', condition: condition.id });
  await api('POST', 'form-titles/', {
    form: form.id,
    text: 'About the project',
    body: 'Two minutes.',
    position: 0,
  });
  await api('PATCH', `intake-forms/${form.id}/`, {
    title_field: name.id,
    after_submit_message: 'We will answer within a week.',
    respondent_email_active: true,
    respondent_email_include_recap: true,
    respondent_email_template: {
      subject: 'Thanks for applying',
      content: 'We received your answers.\n[summary]',
      html_content: '',
    },
  });
  return { id: form.id, itemType: form.data_model_id, fields: { name, stage, link, deck } };
}

/**
 * A response sent as a respondent's browser sends it (the captcha solved as the widget solves it), then
 * submitted: its item and its edit link.
 */
export async function respond(
  baseUrl: string,
  formId: number,
  email: string,
  answers: [fieldId: number, response: string][],
) {
  const challenge = await fetch(`${baseUrl}/api/v1/captcha/challenge/`).then((reply) => reply.json());
  const solution = await solveChallenge({ challenge, deriveKey });
  const captcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  const post = (url: string, body: object) =>
    fetch(`${baseUrl}/api/v1/${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(async (reply) => {
      if (!reply.ok) throw new Error(`${url}: ${reply.status} ${await reply.text()}`);
      return reply.json();
    });
  const saved = await post('form-submissions/', {
    form: formId,
    email,
    captcha,
    datum_values: answers.map(([datum_field, response]) => ({ datum_field, response })),
  });
  await post(`form-submissions/${saved.submission_id}/commit/`, {
    token: saved.edit_token,
    action: 'submit',
  });
  return { item: saved.id as number, link: `${baseUrl}${saved.edit_link}` };
}
