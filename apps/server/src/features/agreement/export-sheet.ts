import { alphaReading, decimalText, inconsistentJudges, type Language } from '@shortlist/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { IssueRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { issueQuestions, users } from '../../db/schema/index.ts';
import type { WorkbookOffThread } from '../../threads/workbook.ts';
import type { AgreementFilters } from './queries.ts';
import { getAgreement } from './service.ts';

/** The sheet's words in the exporting admin's language: the report's "Agreement between judges" panel's. */
const WORDS = {
  en: {
    sheet: 'Agreement',
    alpha: "Krippendorff's α",
    interval: '95 % interval',
    reading: 'Reading',
    all: 'All criteria',
    chosen: (kept: number, all: number) => `Chosen criteria (${kept} of ${all})`,
    readings: {
      good: 'Judges agree well',
      tentative: 'Judges agree only tentatively',
      poor: 'Judges agree poorly',
      none: 'Not enough shared items',
    },
    judge: 'Judge',
    leniency: 'Leniency',
    consistency: 'Consistency',
    inconsistent: 'Consistency far below the others',
    yes: 'Yes',
  },
  fr: {
    sheet: 'Accord',
    alpha: 'α de Krippendorff',
    interval: 'Intervalle à 95 %',
    reading: 'Lecture',
    all: 'Tous les critères',
    chosen: (kept: number, all: number) => `Critères choisis (${kept} sur ${all})`,
    readings: {
      good: 'Les juges s’accordent bien',
      tentative: 'Les juges ne s’accordent que provisoirement',
      poor: 'Les juges s’accordent mal',
      none: 'Pas assez d’éléments en commun',
    },
    judge: 'Juge',
    leniency: 'Indulgence',
    consistency: 'Cohérence',
    inconsistent: 'Cohérence très en dessous des autres',
    yes: 'Oui',
  },
} as const;

/**
 * The report workbook's Agreement sheet (docs/judging.md, "Agreement between judges"): α with its 95 %
 * interval and reading, α per criterion, then each judge's leniency and consistency, flagged when far below.
 * Under the export's filters, as the report's sheets. Small (a row per criterion and judge), so written in one go.
 */
export async function writeAgreementSheet(
  ctx: AppContext,
  workbook: WorkbookOffThread,
  issue: IssueRow,
  filters: AgreementFilters,
  language: Language,
) {
  const words = WORDS[language];
  const agreement = await getAgreement(ctx, issue, filters);
  const [questions, judges] = await Promise.all([
    ctx.db
      .select()
      .from(issueQuestions)
      .where(eq(issueQuestions.issueId, issue.id))
      .orderBy(asc(issueQuestions.id)),
    agreement.judges.length > 0
      ? ctx.db
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(
            inArray(
              users.id,
              agreement.judges.map((judge) => judge.user),
            ),
          )
      : Promise.resolve([]),
  ]);
  const titles = new Map(questions.map((q) => [q.id, q.title]));
  const emails = new Map(judges.map((judge) => [judge.id, judge.email]));
  const flagged = inconsistentJudges(agreement.judges);
  const sheet = workbook.addWorksheet(words.sheet);
  sheet.columns = [
    { key: 'a', width: 36 },
    { key: 'b', width: 14 },
    { key: 'c', width: 14 },
    { key: 'd', width: 30 },
  ];
  const row = (...cells: (string | number | null)[]) => sheet.addRow(cells);
  row('', words.alpha, words.interval, words.reading);
  // Under a criteria filter α is that of the criteria kept: the row says which share it measures.
  const kept = questions.filter((q) => filters.criteria?.includes(q.id)).length;
  const isFiltered = (filters.criteria?.length ?? 0) > 0 && kept < questions.length;
  row(
    isFiltered ? words.chosen(kept, questions.length) : words.all,
    agreement.alpha,
    agreement.alpha_low === null || agreement.alpha_high === null
      ? null
      : `${decimalText(agreement.alpha_low, language)} – ${decimalText(agreement.alpha_high, language)}`,
    words.readings[alphaReading(agreement.alpha)],
  );
  for (const { question, alpha } of agreement.questions) {
    row(titles.get(question) ?? String(question), alpha, null, words.readings[alphaReading(alpha)]);
  }
  row();
  row(words.judge, words.leniency, words.consistency, words.inconsistent);
  for (const judge of agreement.judges) {
    row(
      emails.get(judge.user) ?? String(judge.user),
      judge.leniency,
      judge.consistency,
      flagged.has(judge.user) ? words.yes : '',
    );
  }
  sheet.commit();
}
