import {
  type Language,
  PERSON_IS_MEMBER,
  PERSON_IS_MEMBER_MESSAGE,
  type PersonalDataErasure,
  toLanguage,
} from '@shortlist/contract';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { formSubmissions, intakeForms } from '../../db/schema/index.ts';
import { refusal } from '../../http/errors.ts';
import { recordAudit } from '../audit/record.ts';
import type { ArchivePart } from './archive.ts';
import { collectPersonData } from './collect.ts';
import { eraseEverywhereElse, erasePersonInTeam } from './erase.ts';
import { findPersonInTeam, holdsAnything, type PersonInTeam, teamsHolding } from './person.ts';

/** The request's teams: one, or for a superuser every team that holds something about the address. */
async function peopleOf(ctx: AppContext, email: string, teamId: number | null) {
  const teamIds = teamId === null ? await teamsHolding(ctx.db, email) : [teamId];
  const people: PersonInTeam[] = [];
  // One after the other: in the erasure's transaction, they share one connection.
  for (const id of teamIds) people.push(await findPersonInTeam(ctx.db, id, email));
  return teamId === null ? people.filter(holdsAnything) : people;
}

/**
 * The person's language, for the archive's README and answers: the one they last answered a form in
 * (that form's, for a response from before it was stored), else `fallback`, the admin request's language.
 */
async function languageOf(ctx: AppContext, people: PersonInTeam[], fallback: Language): Promise<Language> {
  const submissionIds = people.flatMap((person) => person.submissionIds);
  if (submissionIds.length === 0) return fallback;
  const [last] = await ctx.db
    .select({ language: sql<string>`coalesce(${formSubmissions.language}, ${intakeForms.languageCode})` })
    .from(formSubmissions)
    .innerJoin(intakeForms, eq(intakeForms.id, formSubmissions.formId))
    .where(inArray(formSubmissions.id, submissionIds))
    .orderBy(desc(formSubmissions.createTime))
    .limit(1);
  return last ? toLanguage(last.language) : fallback;
}

/**
 * What the team (or, with `teamId` null, every team) holds about the address, as the parts of one
 * archive, and the person's language; each team's log records the export, never the address.
 */
export async function exportPersonalData(
  ctx: AppContext,
  { email, teamId, language: requestLanguage }: { email: string; teamId: number | null; language: Language },
): Promise<{ parts: ArchivePart[]; language: Language }> {
  const people = await peopleOf(ctx, email, teamId);
  const language = await languageOf(ctx, people, requestLanguage);
  const parts = await Promise.all(
    people.map(async (person) => {
      const folder = teamId === null ? `team-${person.teamId}/` : '';
      const collected = await collectPersonData(ctx.db, { person, email, language, folder });
      return { ...collected, folder, person };
    }),
  );
  await recordAudit(
    ctx.db,
    parts.map(({ person, files }) => ({
      teamId: person.teamId,
      action: 'personal_data.exported' as const,
      objectType: 'person' as const,
      objectId: null,
      changes: countsOf(person, files.length),
    })),
  );
  return { parts, language };
}

const countsOf = (person: PersonInTeam, files: number) => ({
  judges: [null, person.judges.length] as [null, number],
  items: [null, person.itemIds.length] as [null, number],
  files: [null, files] as [null, number],
  emails: [null, person.batchEmailIds.length] as [null, number],
});

/**
 * Erases what the team (or every team) holds about the address, in one transaction, then removes the
 * files from the storage. A member of a team is refused (PERSON_IS_MEMBER): nothing is erased.
 */
export async function erasePersonalData(
  ctx: AppContext,
  { email, teamId }: { email: string; teamId: number | null },
): Promise<PersonalDataErasure> {
  const { total, fileKeys } = await ctx.db.transaction(async (tx) => {
    const people = await peopleOf({ ...ctx, db: tx }, email, teamId);
    if (people.some((person) => person.isMember)) throw refusal(PERSON_IS_MEMBER, PERSON_IS_MEMBER_MESSAGE);
    const total: PersonalDataErasure = {
      teams: 0,
      judges: 0,
      answers: 0,
      comments: 0,
      items: 0,
      files: 0,
      emails: 0,
    };
    const fileKeys: string[] = [];
    for (const person of people) {
      const erased = await erasePersonInTeam(tx, { person, email });
      total.teams += 1;
      for (const key of Object.keys(erased.counts) as (keyof typeof erased.counts)[])
        total[key] += erased.counts[key];
      fileKeys.push(...erased.fileKeys);
    }
    if (teamId === null) await eraseEverywhereElse(tx, email);
    return { total, fileKeys };
  });
  await ctx.files.remove(fileKeys);
  return total;
}
