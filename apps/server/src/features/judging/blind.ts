import { type IssueComment, TITLE_FIELD_EMAIL } from '@shortlist/contract';
import {
  and,
  eq,
  exists,
  inArray,
  isNotNull,
  notExists,
  notInArray,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { IssueRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { datasets, datumFields, datumValues, formSubmissions, intakeForms } from '../../db/schema/index.ts';
import { itemTypesOf } from '../selections/item-types-of.ts';
import { judgePseudonyms } from './pseudonyms.ts';

/**
 * Blind review (docs/judging.md, issue 32): what judges of a selection do not see. Every reply that shows
 * judges an item, a file or another judge goes through here — the answer view, comments, the judge's
 * portal, any judge page added later (`toJudgeItems`, `judgeFileName`, `judgeName`) — and
 * `blind-review.test.ts` asks every judging route for the hidden values.
 */
export interface Blind {
  /** The item types' fields whose answers judges never get (their files neither). */
  hiddenFields: Set<number>;
  /** Every item's title becomes "Item N": the title is the answer to a hidden question, or the e-mail. */
  titlesHidden: boolean;
  hideRespondent: boolean;
  hideJudgeNames: boolean;
  /** Anything hidden at all: file names then give nothing away either. */
  active: boolean;
}

type BlindSettings = Pick<
  IssueRow,
  'id' | 'dataModelId' | 'hiddenFields' | 'hideRespondent' | 'hideJudgeNames'
>;

const looksLikeEmail = (text: string) => /\S@\S/.test(text);
const normalised = (text: string) => text.trim().toLowerCase();

/** An answer that is one e-mail address and nothing else (a pitch that quotes one is not). */
const ADDRESS_PATTERN = '^[^@[:space:]]+@[^@[:space:]]+\\.[^@[:space:]]+$';

/**
 * The questions "hide who sent it" hides, those the app treats as a contact: marked identifying, of the
 * e-mail format, or a text question that mails use (an e-mail variable) and that holds addresses — an
 * item typed in with its contact's address there, mailed through it.
 */
const contactQuestion = or(
  eq(datumFields.identifying, true),
  eq(datumFields.textFormat, 'email'),
  and(
    isNotNull(datumFields.templateVariableEmail),
    exists(
      sql`(${sql`select 1 from ${datumValues} where ${datumValues.datumFieldId} = ${datumFields.id} and trim(${datumValues.response}) ~ ${ADDRESS_PATTERN}`})`,
    ),
  ),
);

/**
 * The selection's blind settings as sets: the fields it hides by name (of any of its item types), and with
 * "hide who sent it" its item types' contact questions; the titles when an item type's form titles its
 * items with one of those or with the respondent's e-mail.
 */
export async function loadBlind(ctx: AppContext, issue: BlindSettings): Promise<Blind> {
  const base = { hideRespondent: issue.hideRespondent, hideJudgeNames: issue.hideJudgeNames };
  if (issue.hiddenFields.length === 0 && !issue.hideRespondent)
    return { ...base, hiddenFields: new Set(), titlesHidden: false, active: issue.hideJudgeNames };
  const named = issue.hiddenFields.length > 0 ? inArray(datumFields.id, issue.hiddenFields) : undefined;
  const [fields, forms] = await Promise.all([
    ctx.db
      .select({ id: datumFields.id })
      .from(datumFields)
      .where(
        and(
          inArray(datumFields.dataModelId, itemTypesOf(ctx, issue)),
          or(named, issue.hideRespondent ? contactQuestion : undefined),
        ),
      ),
    ctx.db
      .select({ titleField: intakeForms.titleField })
      .from(intakeForms)
      .where(inArray(intakeForms.dataModelId, itemTypesOf(ctx, issue))),
  ]);
  const hiddenFields = new Set(fields.map((field) => field.id));
  const titlesHidden = forms.some(
    ({ titleField }) =>
      hiddenFields.has(titleField) || (titleField === TITLE_FIELD_EMAIL && issue.hideRespondent),
  );
  return { ...base, hiddenFields, titlesHidden, active: true };
}

/** The answer as a contact e-mail is compared: in any case and spacing. */
const answerAsAddress = sql`lower(trim(${datumValues.response}))`;

/**
 * An answer that repeats no contact of its item — neither the item's own e-mail nor its respondent's,
 * typed again into a question that is no contact question. Only an answer with an "@" is looked up: looked
 * up, the 10,000 answers of a 2,000-item page took 26–30 ms on PostgreSQL where their query takes 7–9
 * (14–15 with this guard; medians of 10, three rounds).
 */
const repeatsNoContact = or(
  sql`coalesce(strpos(${datumValues.response}, '@'), 0) = 0`,
  and(
    notExists(
      sql`(${sql`select 1 from ${datasets} where ${datasets.id} = ${datumValues.datasetId} and lower(${datasets.contactEmail}) = ${answerAsAddress}`})`,
    ),
    notExists(
      sql`(${sql`select 1 from ${formSubmissions} where ${formSubmissions.datasetId} = ${datumValues.datasetId} and lower(${formSubmissions.email}) = ${answerAsAddress}`})`,
    ),
  ),
);

/** The answers (`datum_values` rows) a judge may read: none of a hidden question, nor the contact again. */
export function shownAnswers(blind: Blind): SQL | undefined {
  return and(
    blind.hiddenFields.size > 0 ? notInArray(datumValues.datumFieldId, [...blind.hiddenFields]) : undefined,
    blind.hideRespondent ? repeatsNoContact : undefined,
  );
}

/**
 * The items whose hidden answers to read: their ids, or, for a page of many, a subquery of them (the answer
 * page's 2,000 items as one parameter rather than 2,000, as its details are read).
 */
export type ItemIds = readonly number[] | SQLWrapper;

/**
 * The hidden answers of these items, lower-cased, by item: a title that repeats one (an item imported with
 * its contact's name as title) is hidden too.
 */
async function hiddenValuesByItem(ctx: AppContext, blind: Blind, itemIds: ItemIds) {
  const byItem = new Map<number, Set<string>>();
  if (blind.hiddenFields.size === 0 || (Array.isArray(itemIds) && itemIds.length === 0)) return byItem;
  const rows = await ctx.db
    .select({ item: datumValues.datasetId, text: sql<string>`lower(trim(${datumValues.response}))` })
    .from(datumValues)
    .where(
      and(
        inArray(datumValues.datasetId, itemIds),
        inArray(datumValues.datumFieldId, [...blind.hiddenFields]),
        sql`${datumValues.response} is not null`,
      ),
    );
  for (const { item, text } of rows) {
    const values = byItem.get(item) ?? new Set<string>();
    values.add(text);
    byItem.set(item, values);
  }
  return byItem;
}

/** "Item 17": the English words of a hidden title; the pages write their own from `number`. */
export const blindTitle = (number: number) => `Item ${number}`;

/**
 * The titles of the items as judges see them: a hidden title (the selection's titles hidden, an e-mail
 * under "hide who sent it", or the repeat of a hidden answer) becomes the item's number in the selection.
 * `among`: the items' ids as a subquery, for a page of many (by default their ids).
 */
export async function withJudgeTitles<T extends JudgeItem>(
  ctx: AppContext,
  blind: Blind,
  items: T[],
  among: ItemIds = items.map((item) => item.id),
): Promise<(T & { title_hidden: boolean })[]> {
  if (!blind.active) return items.map((item) => ({ ...item, title_hidden: false }));
  const hiddenValues = await hiddenValuesByItem(ctx, blind, among);
  return items.map((item) => {
    const title = normalised(item.title);
    const hidden =
      blind.titlesHidden ||
      (blind.hideRespondent && looksLikeEmail(title)) ||
      (hiddenValues.get(item.id)?.has(title) ?? false);
    return { ...item, title: hidden ? blindTitle(item.number) : item.title, title_hidden: hidden };
  });
}

/** What a reply to judges names an item by: its id, its title and its number in the selection. */
interface JudgeItem {
  id: number;
  title: string;
  number: number;
}

/** The titles judges see of these items of the selection, by id: for replies that name items in passing. */
export async function judgeTitles(ctx: AppContext, issue: BlindSettings, items: JudgeItem[]) {
  const shown = await withJudgeTitles(ctx, await loadBlind(ctx, issue), items);
  return new Map(shown.map((item) => [item.id, item.title]));
}

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
};

/** A file's name for judges under blind review: the item's number and the answer's place, no sender's words. */
export function judgeFileName(itemNumber: number, index: number, file: { mimeType: string | null }) {
  const extension = EXTENSIONS[file.mimeType ?? ''] ?? 'bin';
  return `item-${itemNumber}-${index + 1}.${extension}`;
}

/**
 * Comments as a judge reads them: while the selection hides judges' names, another judge's comment names
 * its author by their pseudonym in the selection alone, neither name nor id (the page then says "Judge
 * A"); `ownId` is the reader's user id (none in an admin's preview).
 */
export async function withJudgeNames(
  ctx: AppContext,
  settings: Pick<IssueRow, 'id' | 'hideJudgeNames'>,
  comments: IssueComment[],
  ownId: number | null,
): Promise<IssueComment[]> {
  if (!settings.hideJudgeNames) return comments;
  const authors = new Set(comments.flatMap(({ user }) => (user === null || user === ownId ? [] : [user])));
  const pseudonyms = await judgePseudonyms(ctx, settings.id, [...authors]);
  return comments.map((comment) =>
    comment.user === null || comment.user === ownId
      ? comment
      : { ...comment, user: null, user_fullname: '', pseudonym: pseudonyms.get(comment.user) ?? null },
  );
}
