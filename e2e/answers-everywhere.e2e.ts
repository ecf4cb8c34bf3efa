import ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeBody, startSmtpSink } from '../apps/server/src/test/smtp.ts';
import { adminRequest } from './support/admin-api.ts';
import { launchBrowser } from './support/browser.ts';
import { ADMIN, startServer } from './support/server.ts';

// Every question type × every place an answer is shown, in English and in French (issue 27, point 5):
// one form per language answered through the public form, then the judge's card, the admin's item
// dialog, the responses and items tables, the report's drawers, the Excel exports, an e-mail variable
// and the confirmation mail, both received over SMTP. No place may show a raw i18n key or JSON.

type Language = 'en' | 'fr';

/** A whole label that is an i18n key ('budget.addLine'), as a missing namespace shows it. */
const RAW_KEY = /^[a-z]+(\.[a-z][A-Za-z]+)+$/;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** The questions of each form, in its language, and what the respondent answers. */
const WORDS = {
  en: {
    title: 'Call for makers',
    name: 'Project name',
    email: 'Contact e-mail',
    number: 'Team size',
    date: 'Founded',
    url: 'Website',
    single: 'Stage',
    multiple: 'Sectors',
    radio: 'Funding',
    file: 'Pitch deck',
    budget: 'Budget',
    stages: ['Idea', 'Prototype'],
    sectors: ['Health', 'Energy', 'Food'],
    fundings: ['Grant', 'Loan'],
    project: 'Solar kiln',
    variables: ['project', 'founded', 'sectors'],
    // What the respondent reads and fills: the default lines in the form's language.
    lines: { rent: 'Housing', bills: 'Utilities (water, electricity, heating)', job: 'Job' },
    amount: 'Amount',
    addLine: 'Add a line',
    submitted: 'Thank you',
    captcha: "I'm not a robot",
  },
  fr: {
    title: 'Appel aux makers',
    name: 'Nom du projet',
    email: 'E-mail de contact',
    number: "Taille de l'équipe",
    date: 'Création',
    url: 'Site web',
    single: 'Stade',
    multiple: 'Secteurs',
    radio: 'Financement',
    file: 'Présentation',
    budget: 'Budget',
    stages: ['Idée', 'Prototype'],
    sectors: ['Santé', 'Énergie', 'Alimentation'],
    fundings: ['Subvention', 'Prêt'],
    project: 'Four solaire',
    variables: ['projet', 'creation', 'secteurs'],
    lines: { rent: 'Logement', bills: 'Charges (eau, électricité, chauffage)', job: 'Emploi' },
    amount: 'Montant',
    addLine: 'Ajouter une ligne',
    submitted: 'Merci',
    captcha: 'Je ne suis pas un robot',
  },
} as const;

/** How each language writes what the answers hold, once read by a person (spaces made plain). */
const READ = {
  en: {
    budget: ['Expenses', 'Income', 'Total', 'Balance', '1,200 €', '1,500 €', '300 €'],
    date: 'Mar 14, 2025',
  },
  fr: {
    budget: ['Dépenses', 'Revenus', 'Total', 'Solde', '1 200 €', '1 500 €', '300 €'],
    date: '14 mars 2025',
  },
} as const;

const LANGUAGES: Language[] = ['en', 'fr'];

interface CreatedForm {
  id: number;
  dataModel: number;
  fields: number[];
  item: number;
}

let server: Awaited<ReturnType<typeof startServer>>;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let browser: Browser;
let api: Awaited<ReturnType<typeof adminRequest>>;
const forms = {} as Record<Language, CreatedForm>;
let selection = { id: 0, judgeLink: '' };

beforeAll(async () => {
  sink = await startSmtpSink();
  [server, browser] = await Promise.all([startServer({ SMTP_URL: sink.url }), launchBrowser()]);
  api = adminRequest(server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sink?.close();
});

/** Spaces as a reader sees them: Intl writes no-break and narrow no-break spaces in figures. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

/**
 * The text a person reads in `region`, checked: no text and no accessible name is a raw i18n key, and
 * nothing reads as JSON.
 */
async function readableText(region: Locator): Promise<string> {
  await region.first().waitFor();
  const { text, keys } = await region.first().evaluate((root, pattern) => {
    const rawKey = new RegExp(pattern);
    const found: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const each = node.textContent?.trim() ?? '';
      if (rawKey.test(each)) found.push(each);
    }
    for (const element of root.querySelectorAll('[aria-label], [title], [placeholder]')) {
      for (const name of ['aria-label', 'title', 'placeholder']) {
        const each = element.getAttribute(name)?.trim() ?? '';
        if (rawKey.test(each)) found.push(`${name}=${each}`);
      }
    }
    return { text: (root as HTMLElement).innerText, keys: found };
  }, RAW_KEY.source);
  expect(keys).toEqual([]);
  expect(text).not.toContain('{"');
  expect(text).not.toContain('[{');
  return plain(text);
}

/** Every human rendering of the answers of `language`'s item, as read in `reader`'s words. */
function expectAnswers(text: string, language: Language, reader: Language, { isCompact = false } = {}) {
  const words = WORDS[language];
  expect(text).toContain(words.project);
  expect(text).toContain(`maker-${language}@example.org`);
  expect(text).toContain(READ[reader].date);
  expect(text).toContain('https://kiln.example.org');
  expect(text).toContain(words.stages[1]);
  expect(text).toContain(words.sectors[0]);
  expect(text).toContain(words.sectors[2]);
  expect(text).toContain(words.fundings[0]);
  expect(text).toContain(`${words.file}.pdf`);
  const budget = READ[reader].budget.filter((word) => !isCompact || word !== 'Total');
  for (const word of budget) expect(text).toContain(word);
  if (!isCompact) expect(text).toContain(words.lines.rent);
}

async function createForm(language: Language): Promise<Omit<CreatedForm, 'item'>> {
  const words = WORDS[language];
  const form = await api<{ id: number; data_model_id: number }>('POST', 'intake-forms/', {
    team: 1,
    title: words.title,
    published: true,
    language_code: language,
  });
  const add = (body: object) =>
    api<{ id: number }>('POST', `data-models/${form.data_model_id}/datum-fields/`, body);
  const options = (labels: readonly string[]) => labels.map((label) => ({ label }));
  const [project, founded, sectors] = words.variables;
  const fields = [
    await add({ resourcetype: 'text', label: words.name, required: true, template_variable_email: project }),
    await add({ resourcetype: 'text', label: words.email, format: 'email', response_max_length: 100 }),
    await add({ resourcetype: 'text', label: words.number, format: 'number' }),
    await add({ resourcetype: 'text', label: words.date, format: 'date', template_variable_email: founded }),
    await add({ resourcetype: 'text', label: words.url, format: 'url', response_max_length: 200 }),
    await add({ resourcetype: 'choice', label: words.single, options: options(words.stages) }),
    await add({
      resourcetype: 'choice',
      label: words.multiple,
      multiple: true,
      options: options(words.sectors),
      template_variable_email: sectors,
    }),
    await add({ resourcetype: 'choice', label: words.radio, radio: true, options: options(words.fundings) }),
    await add({ resourcetype: 'file', label: words.file, mime_types: ['application/pdf'] }),
    await add({ resourcetype: 'custom', type: 'budget', label: words.budget }),
  ];
  await api('PATCH', `intake-forms/${form.id}/`, {
    title_field: fields[0]?.id,
    respondent_email_active: true,
    respondent_email_include_recap: true,
    respondent_email_template: {
      subject: `${words.title} ✓`,
      content: 'Thanks.\n[summary]',
      html_content: '',
    },
  });
  return { id: form.id, dataModel: form.data_model_id, fields: fields.map((field) => field.id) };
}

/**
 * The controls that the contact button covers at some scroll position of the page, compared by their
 * boxes while the page is scrolled end to end (overlaps of more than a pixel).
 */
async function controlsUnderContactButton(page: Page) {
  return page.evaluate(async () => {
    const button = document.querySelector('[data-testid="contact-open"]');
    if (!button) return ['no contact button'];
    const found = new Set<string>();
    const end = document.documentElement.scrollHeight;
    for (let y = 0; y <= end; y += 120) {
      window.scrollTo(0, y);
      await new Promise(requestAnimationFrame);
      const box = button.getBoundingClientRect();
      for (const control of document.querySelectorAll(
        'input, select, textarea, button, a[href], altcha-widget',
      )) {
        if (control === button || (control as HTMLInputElement).type === 'hidden') continue;
        const rect = control.getBoundingClientRect();
        const isCovered =
          rect.width > 0 &&
          box.left < rect.right - 1 &&
          rect.left < box.right - 1 &&
          box.top < rect.bottom - 1 &&
          rect.top < box.bottom - 1;
        if (isCovered) found.add(control.outerHTML.slice(0, 80));
      }
    }
    return [...found];
  });
}

/**
 * Answers the form of `language` through the public page at 375 px, as a respondent on a phone whose
 * browser speaks that language: the mails follow the respondent's language (decision 169).
 */
async function respond(language: Language, form: Omit<CreatedForm, 'item'>) {
  const words = WORDS[language];
  const context = await browser.newContext({
    locale: language === 'fr' ? 'fr-FR' : 'en-US',
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto(`${server.url}/forms/${form.id}`);
  await page.getByRole('heading', { name: words.title }).waitFor();
  const budget = page.getByTestId(`question-${form.fields[9]}`);
  await budget.getByRole('spinbutton').first().waitFor();
  // The budget speaks the form's language, its keys never shown; its amounts ask for a number pad.
  const formText = await readableText(page.getByTestId('public-form'));
  expect(formText).toContain(words.addLine);
  const lines = await budget
    .getByRole('textbox')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  expect(lines).toContain(words.lines.bills);
  expect(formText).toContain(READ[language].budget[3]);
  const amounts = budget.getByRole('spinbutton');
  expect(await amounts.count()).toBe(15);
  expect(
    new Set(await amounts.evaluateAll((inputs) => inputs.map((input) => input.getAttribute('inputmode')))),
  ).toEqual(new Set(['decimal']));
  // Nothing floating covers a control, wherever the page is scrolled.
  expect(await controlsUnderContactButton(page)).toEqual([]);

  await page.getByTestId('respondent-email').fill(`maker-${language}@example.org`);
  await page.getByLabel(words.name).fill(words.project);
  await page.getByLabel(words.email, { exact: true }).fill(`maker-${language}@example.org`);
  await page.getByLabel(words.number, { exact: true }).fill('4');
  await page.getByLabel(words.date, { exact: true }).fill('2025-03-14');
  await page.getByLabel(words.url, { exact: true }).fill('https://kiln.example.org');
  await page.getByLabel(words.single, { exact: true }).selectOption(words.stages[1]);
  await page.getByLabel(words.sectors[0], { exact: true }).check();
  await page.getByLabel(words.sectors[2], { exact: true }).check();
  await page.getByLabel(words.fundings[0], { exact: true }).check();
  await page
    .getByTestId(`file-input-${form.fields[8]}`)
    .setInputFiles({ name: `${words.file}.pdf`, mimeType: 'application/pdf', buffer: PDF });
  await budget.getByLabel(`${words.amount}, ${words.lines.rent}`, { exact: true }).fill('900');
  await budget.getByLabel(`${words.amount}, ${words.lines.bills}`, { exact: true }).fill('300');
  await budget.getByLabel(`${words.amount}, ${words.lines.job}`, { exact: true }).fill('1500');
  expect(plain(await budget.getByTestId('budget-result').innerText())).toBe(
    `${READ[language].budget[3]}${language === 'fr' ? ' : ' : ': '}300 €`,
  );
  await page.getByTestId('captcha').getByText(words.captcha).click();
  await page.getByTestId('submit-form').and(page.locator(':enabled')).waitFor({ timeout: 20_000 });
  await page.getByTestId('submit-form').click();
  await page.getByTestId('form-submitted').waitFor();
  await context.close();
}

/**
 * A context with the interface in `language`; for the admin (`tokens`), signed in and the answer columns
 * of both forms chosen.
 */
async function contextIn(language: Language, tokens?: { access: string; refresh: string }) {
  const context = await browser.newContext({
    reducedMotion: 'reduce',
    viewport: { width: 1440, height: 900 },
  });
  const columns = JSON.stringify([...forms.en.fields, ...forms.fr.fields]);
  const tables = ['items', `form-${forms.en.id}`, `form-${forms.fr.id}`];
  await context.addInitScript(
    ({ language, columns, tables, tokens }) => {
      localStorage.setItem('shortlist.language', language);
      if (!tokens || localStorage.getItem('shortlist.access')) return;
      localStorage.setItem('shortlist.access', tokens.access);
      localStorage.setItem('shortlist.refresh', tokens.refresh);
      for (const table of tables) localStorage.setItem(`shortlist.answerColumns.${table}`, columns);
    },
    { language, columns, tables, tokens },
  );
  return context;
}

/** The admin's tokens, from the API's sign-in. */
const signInByApi = () =>
  fetch(`${server.url}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
  }).then((reply) => reply.json() as Promise<{ access: string; refresh: string }>);

async function readSheet(url: string, token: string) {
  const reply = await fetch(`${server.url}/api/v1/${url}`, { headers: { authorization: `Bearer ${token}` } });
  expect(reply.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await reply.arrayBuffer());
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('every answer type, wherever an answer is shown', () => {
  it('reads as a person reads it, in English and in French, never as a key or JSON', {
    timeout: 180_000,
  }, async () => {
    for (const language of LANGUAGES) {
      const form = await createForm(language);
      await respond(language, form);
      const items = await api<{ results: { id: number }[] }>('GET', `datasets/?team=1&form=${form.id}`);
      forms[language] = { ...form, item: items.results[0]?.id ?? 0 };
    }

    // A selection of both items, shown to a judge with the items' answers.
    const issue = await api<{ id: number }>('POST', 'issues/', {
      team: 1,
      resourcetype: 'RatingIssue',
      title: 'Makers',
    });
    await api('POST', `issues/${issue.id}/datasets/`, { datasets: [forms.en.item, forms.fr.item] });
    await api('POST', `issues/${issue.id}/set_access/`, {
      emails: ['judge-makers@example.org'],
      access: true,
    });
    const judges = await api<{ results: { issue_answer_link: string }[] }>(
      'GET',
      `issues/${issue.id}/judges/`,
    );
    selection = { id: issue.id, judgeLink: judges.results[0]?.issue_answer_link ?? '' };

    for (const reader of LANGUAGES) {
      // The judge's card of each item.
      const judging = await contextIn(reader);
      const judge = await judging.newPage();
      await judge.goto(selection.judgeLink);
      for (const language of LANGUAGES) {
        const card = judge.getByTestId('answer-item').filter({ hasText: WORDS[language].project });
        expectAnswers(await readableText(card.getByTestId('answer-details')), language, reader);
      }
      await judging.close();

      const context = await contextIn(reader, await signInByApi());
      const page = await context.newPage();

      // The items table, its answer columns of both forms, and each item's dialog.
      await page.goto(`${server.url}/team/1/items`);
      const table = page.getByTestId('items-table');
      await table.getByText(WORDS.fr.project).first().waitFor();
      // The answer columns come with the item types, which may follow the first rows.
      await table.getByText(READ[reader].date).first().waitFor();
      const tableText = await readableText(table);
      for (const language of LANGUAGES) expectAnswers(tableText, language, reader, { isCompact: true });
      for (const language of LANGUAGES) {
        await table.getByTestId('item-title').filter({ hasText: WORDS[language].project }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByTestId('item-answers').waitFor();
        expectAnswers(await readableText(dialog.getByTestId('item-answers')), language, reader);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
      }

      // The responses table of each form.
      for (const language of LANGUAGES) {
        await page.goto(`${server.url}/team/1/intake-forms/${forms[language].id}?tab=responses`);
        const responses = page.getByTestId('items-table');
        await responses.getByText(WORDS[language].project).first().waitFor();
        expectAnswers(await readableText(responses), language, reader, { isCompact: true });
      }

      // The report's drawer of each item.
      await page.goto(`${server.url}/team/1/issue/${selection.id}/manage?tab=report`);
      for (const language of LANGUAGES) {
        const row = page
          .getByTestId('report-items-table')
          .getByRole('row')
          .filter({ hasText: WORDS[language].project });
        // By the keyboard: the tooltip of the button pressed before stays over this one while it has focus.
        await row.getByTestId('item-responses').press('Enter');
        const drawer = page.getByTestId('item-details-drawer');
        expectAnswers(await readableText(drawer.getByTestId('item-answers')), language, reader);
        await page.keyboard.press('Escape');
        await drawer.waitFor({ state: 'hidden' });
      }
      await context.close();
    }

    // The Excel exports, written in the exporting admin's language.
    const { access } = await signInByApi();
    const me = await api<{ id: number }>('GET', 'users/me/');
    for (const reader of LANGUAGES) {
      await api('PATCH', `users/${me.id}/`, { language: reader });
      for (const language of LANGUAGES) {
        const [header, row] = await readSheet(
          `data-models/${forms[language].dataModel}/export_excel/`,
          access,
        );
        const cell = (label: string) => row?.[header?.indexOf(label) ?? -1];
        const words = WORDS[language];
        expect(cell(words.multiple)).toBe(`${words.sectors[0]}, ${words.sectors[2]}`);
        expect(cell(words.date)).toEqual(new Date(Date.UTC(2025, 2, 14)));
        expect(cell(words.number)).toBe(4);
        expect(cell(words.file)).toBe(`${words.file}.pdf`);
        const budget = plain(String(cell(words.budget)));
        for (const word of READ[reader].budget) expect(budget).toContain(word);
        expect(JSON.stringify(row)).not.toMatch(/\{\\"|\[\{/);
      }
      const report = await readSheet(`issues/${selection.id}/export_excel/?include_dataset=true`, access);
      const reportText = plain(JSON.stringify(report));
      for (const word of READ[reader].budget) expect(reportText).toContain(word);
      expect(reportText).not.toMatch(/\{\\"|\[\{\\"/);
    }

    // The confirmation mails and an e-mail with variables, received over SMTP.
    const template = await api<{ id: number }>('POST', 'email-templates/', {
      team: 1,
      title: 'Makers',
      subject: 'News for {{ title }}',
      html_content:
        '<p>{{ project }}{{ projet }} / {{ founded }}{{ creation }} / {{ sectors }}{{ secteurs }}</p>',
    });
    const batch = await api<{ id: number }>('POST', 'email-batches/', {
      team: 1,
      title: 'Makers',
      template: template.id,
    });
    await api('POST', `email-batches/${batch.id}/create_emails/`, {
      datasets: [forms.en.item, forms.fr.item],
    });
    await api('POST', `email-batches/${batch.id}/render_emails/`, {});
    await api('POST', `email-batches/${batch.id}/send_emails/`, {});
    for (const language of LANGUAGES) {
      const words = WORDS[language];
      const to = `maker-${language}@example.org`;
      await expect
        .poll(() => sink.received.filter((mail) => mail.to.includes(to)).length, { timeout: 30_000 })
        .toBe(2);
      const mails = sink.received
        .filter((mail) => mail.to.includes(to))
        .map((mail) => plain(decodeBody(mail.raw)));
      const news = mails.find((mail) => mail.includes('Subject: News for')) ?? '';
      expect(news).toContain(
        `${words.project} / ${READ[language].date} / ${words.sectors[0]}, ${words.sectors[2]}`,
      );
      const confirmation = mails.find((mail) => !mail.includes('Subject: News for')) ?? '';
      for (const word of READ[language].budget) expect(confirmation).toContain(word);
      expect(confirmation).toContain(`${words.single}${language === 'fr' ? ' : ' : ': '}${words.stages[1]}`);
      expect(confirmation).toContain(READ[language].date);
      expect(confirmation).not.toMatch(/\{"|\[\{/);
    }
  });
});
