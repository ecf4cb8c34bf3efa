import { EDIT_LINK_PATTERN, formatDeadline, type Language, SUMMARY_MARKER } from '@shortlist/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { isAdminMembership } from '../../access/team.ts';
import type { ImageHosts } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { notificationSettings, teamMembers, users } from '../../db/schema/index.ts';
import { sanitizeRichText } from '../forms/sanitize.ts';
import type { MailMessage } from '../mail/mailer.ts';
import type { IntakeFormRow } from './public-form.ts';
import { escapeHtml, type RecapLine, recapHtml, recapText } from './recap.ts';

/** The link that reopens a submitted response, while the form lets it be changed (`until`). */
export interface EditLink {
  url: string;
  until: Date;
}

const CONFIRMATION_TEXTS = {
  en: {
    subject: (form: string) => `Your response to "${form}"`,
    submitted: (form: string) => `Your responses to the form "${form}" are submitted.`,
    editUntil: (date: string) => `You can change your responses until ${date} with this link:`,
  },
  fr: {
    subject: (form: string) => `Votre réponse à « ${form} »`,
    submitted: (form: string) => `Vos réponses au formulaire « ${form} » sont envoyées.`,
    editUntil: (date: string) => `Vous pouvez modifier vos réponses jusqu’au ${date} avec ce lien :`,
  },
};

/** The sentence and the link, in text and in HTML: the date as a mail writes one, in UTC (which it names). */
function editParagraph(edit: EditLink, language: Language) {
  const sentence = CONFIRMATION_TEXTS[language].editUntil(formatDeadline(edit.until, language, 'UTC'));
  const anchor = `<a href="${escapeHtml(edit.url)}">${escapeHtml(edit.url)}</a>`;
  return { text: `${sentence}\n${edit.url}`, html: `<p>${escapeHtml(sentence)}<br>${anchor}</p>`, anchor };
}

/**
 * The respondent's confirmation, in the language they read the form in: the admin's subject and body, the
 * [summary] marker replaced by the recap of the answers (or the recap added when asked for without a
 * marker), `{{ edit_link }}` by the link while the response may be changed (else by nothing; the sentence
 * and the link are added when the body does not place it). Without the admin's text, the default one, sent
 * only while the response may be changed: the link is the respondent's one way back (decision 168).
 */
export function respondentMail(
  form: IntakeFormRow,
  respondent: { email: string; language: Language },
  recap: RecapLine[],
  imageHosts: ImageHosts,
  edit: EditLink | null,
): MailMessage | null {
  const { email: to, language } = respondent;
  const paragraph = edit && editParagraph(edit, language);
  const subject = form.respondentEmailSubject.trim();
  const content = form.respondentEmailContent;
  if (!form.respondentEmailActive || !subject || !content.trim()) {
    if (!paragraph) return null;
    const texts = CONFIRMATION_TEXTS[language];
    return {
      to,
      subject: texts.subject(form.title),
      text: `${texts.submitted(form.title)}\n\n${paragraph.text}`,
      html: `<p>${escapeHtml(texts.submitted(form.title))}</p>${paragraph.html}`,
    };
  }
  const placed = new RegExp(EDIT_LINK_PATTERN).test(content);
  const withLink = (body: string, link: string, added: string) =>
    placed ? body.replace(EDIT_LINK_PATTERN, link) : `${body}${added}`;
  const withRecap = (body: string, summary: string, separator: string) => {
    if (body.includes(SUMMARY_MARKER)) return body.replaceAll(SUMMARY_MARKER, summary);
    return form.respondentEmailIncludeRecap ? `${body}${separator}${summary}` : body;
  };
  const html = form.respondentEmailHtmlContent.trim()
    ? sanitizeRichText(form.respondentEmailHtmlContent, imageHosts)
    : escapeHtml(content).replaceAll('\n', '<br>');
  return {
    to,
    subject,
    text: withRecap(
      withLink(content, edit?.url ?? '', paragraph ? `\n\n${paragraph.text}` : ''),
      recapText(recap, language),
      '\n\n',
    ),
    html: withRecap(
      withLink(html, paragraph?.anchor ?? '', paragraph?.html ?? ''),
      recapHtml(recap, language),
      '',
    ),
  };
}

/** The e-mails (and languages) of a team's admins. */
export async function loadTeamAdmins(db: Db, teamIds: number[]) {
  if (teamIds.length === 0) return [];
  return db
    .select({ teamId: teamMembers.teamId, email: users.email, language: users.language })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(inArray(teamMembers.teamId, teamIds), isAdminMembership, eq(users.isActive, true)));
}

export const responsesLink = (publicUrl: string, form: Pick<IntakeFormRow, 'id' | 'teamId'>) =>
  `${publicUrl}/team/${form.teamId}/intake-forms/${form.id}?tab=responses`;

const TEXTS = {
  en: {
    subject: (form: string) => `New response to the form "${form}"`,
    body: (title: string, form: string, link: string) =>
      `A new response was submitted to the form "${form}": ${title}.\n\nSee the responses: ${link}`,
    digestSubject: (form: string, count: number) => `${count} new response(s) to the form "${form}"`,
    digestBody: (form: string, count: number, titles: string[], link: string) =>
      `${count} new response(s) to the form "${form}" since the last summary:\n\n${titles.map((t) => `- ${t}`).join('\n')}\n\nSee the responses: ${link}`,
  },
  fr: {
    subject: (form: string) => `Nouvelle réponse au formulaire « ${form} »`,
    body: (title: string, form: string, link: string) =>
      `Une nouvelle réponse a été envoyée au formulaire « ${form} » : ${title}.\n\nVoir les réponses : ${link}`,
    digestSubject: (form: string, count: number) =>
      `${count} nouvelle(s) réponse(s) au formulaire « ${form} »`,
    digestBody: (form: string, count: number, titles: string[], link: string) =>
      `${count} nouvelle(s) réponse(s) au formulaire « ${form} » depuis le dernier récapitulatif :\n\n${titles.map((t) => `- ${t}`).join('\n')}\n\nVoir les réponses : ${link}`,
  },
};
export const textsFor = (language: string) => (language === 'fr' ? TEXTS.fr : TEXTS.en);

const DRAFT_TEXTS = {
  en: {
    subject: (form: string) => `Your saved answers to "${form}"`,
    body: (form: string, link: string) =>
      `Your answers to the form "${form}" are saved. To complete them and submit, open:\n\n${link}\n\nKeep this link to yourself: it opens your answers.`,
  },
  fr: {
    subject: (form: string) => `Vos réponses enregistrées à « ${form} »`,
    body: (form: string, link: string) =>
      `Vos réponses au formulaire « ${form} » sont enregistrées. Pour les compléter et les envoyer, ouvrez :\n\n${link}\n\nGardez ce lien pour vous : il ouvre vos réponses.`,
  },
};

/** The link to come back to a partial save, mailed to the respondent in the language they read the form in. */
export function draftLinkMail(
  form: IntakeFormRow,
  respondent: { email: string; language: Language },
  link: string,
): MailMessage {
  const texts = DRAFT_TEXTS[respondent.language];
  return { to: respondent.email, subject: texts.subject(form.title), text: texts.body(form.title, link) };
}

/** One mail per admin of the team when the form notifies them of each new response. */
export async function immediateAdminMails(
  db: Db,
  { form, title, publicUrl }: { form: IntakeFormRow; title: string; publicUrl: string },
): Promise<MailMessage[]> {
  const [setting] = await db
    .select({ id: notificationSettings.id })
    .from(notificationSettings)
    .where(
      and(
        eq(notificationSettings.formId, form.id),
        eq(notificationSettings.type, 'new_form_submissions'),
        eq(notificationSettings.frequency, 'immediate'),
        eq(notificationSettings.active, true),
      ),
    )
    .limit(1);
  if (!setting) return [];
  const link = responsesLink(publicUrl, form);
  return (await loadTeamAdmins(db, [form.teamId])).map(({ email, language }) => {
    const texts = textsFor(language);
    return { to: email, subject: texts.subject(form.title), text: texts.body(title, form.title, link) };
  });
}
