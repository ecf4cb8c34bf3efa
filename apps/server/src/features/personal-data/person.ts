import { type AnyColumn, and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { selectRows } from '../../db/raw-rows.ts';
import {
  batchEmails,
  datasets,
  datumValues,
  emailBatches,
  formSubmissions,
  intakeForms,
  issueAccesses,
  issues,
  teamMembers,
  users,
} from '../../db/schema/index.ts';

/** Everything a team holds that carries one address, by id (issue 29, point 5; decision 85). */
export interface PersonInTeam {
  teamId: number;
  /** The address is an accepted member's: a request does not reach them. */
  isMember: boolean;
  /** Their invitations to the team that were not accepted (pending or refused). */
  invitationIds: number[];
  /** Each user row of the address that judges in the team, with its accesses there. */
  judges: { userId: number; isJudgeOnly: boolean; accessIds: number[] }[];
  /** Their form responses. */
  submissionIds: number[];
  /** Items that carry the address: their responses, items with it as contact, items with it as an answer. */
  itemIds: number[];
  /** The team's mass e-mails sent (or to be sent) to the address. */
  batchEmailIds: number[];
}

const lowerIs = (column: AnyColumn, email: string) => sql`lower(${column}) = ${email}`;

/**
 * What one team holds about `email` (lower case). The queries run one after the other: inside the
 * erasure's transaction they share one connection.
 */
export async function findPersonInTeam(db: Db, teamId: number, email: string): Promise<PersonInTeam> {
  const memberships = await db
    .select({ id: teamMembers.id, status: teamMembers.status })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), lowerIs(users.email, email)));
  const judgeRows = await db
    .select({ userId: users.id, isJudgeOnly: users.isJudgeOnly, accessId: issueAccesses.id })
    .from(issueAccesses)
    .innerJoin(users, eq(users.id, issueAccesses.userId))
    .innerJoin(issues, eq(issues.id, issueAccesses.issueId))
    .where(and(eq(issues.teamId, teamId), lowerIs(users.email, email)))
    .orderBy(users.id, issueAccesses.id);
  const submissions = await db
    .select({ id: formSubmissions.id, itemId: formSubmissions.datasetId })
    .from(formSubmissions)
    .innerJoin(intakeForms, eq(intakeForms.id, formSubmissions.formId))
    .where(and(eq(intakeForms.teamId, teamId), lowerIs(formSubmissions.email, email)));
  const itemRows = await db
    .selectDistinct({ id: datasets.id })
    .from(datasets)
    .leftJoin(datumValues, eq(datumValues.datasetId, datasets.id))
    .where(
      and(
        eq(datasets.teamId, teamId),
        sql`(${datasets.contactEmail} = ${email} or lower(trim(${datumValues.response})) = ${email})`,
      ),
    );
  const mails = await db
    .select({ id: batchEmails.id })
    .from(batchEmails)
    .innerJoin(emailBatches, eq(emailBatches.id, batchEmails.batchId))
    .where(and(eq(emailBatches.teamId, teamId), lowerIs(batchEmails.to, email)));
  const judges = new Map<number, PersonInTeam['judges'][number]>();
  for (const row of judgeRows) {
    const judge = judges.get(row.userId) ?? {
      userId: row.userId,
      isJudgeOnly: row.isJudgeOnly,
      accessIds: [],
    };
    judge.accessIds.push(row.accessId);
    judges.set(row.userId, judge);
  }
  const itemIds = new Set([...submissions.map((s) => s.itemId), ...itemRows.map((row) => row.id)]);
  return {
    teamId,
    isMember: memberships.some((m) => m.status === 'accepted'),
    invitationIds: memberships.filter((m) => m.status !== 'accepted').map((m) => m.id),
    judges: [...judges.values()],
    submissionIds: submissions.map((s) => s.id),
    itemIds: [...itemIds].sort((a, b) => a - b),
    batchEmailIds: mails.map((m) => m.id),
  };
}

/** The team's mass e-mails to the person or about their items: what the export shows and the erasure blanks. */
export const mailingsOf = (person: PersonInTeam) =>
  or(
    person.batchEmailIds.length ? inArray(batchEmails.id, person.batchEmailIds) : undefined,
    person.itemIds.length ? inArray(batchEmails.datasetId, person.itemIds) : undefined,
  );

/** Whether a team holds anything about the person. */
export const holdsAnything = (person: PersonInTeam) =>
  person.isMember ||
  person.invitationIds.length > 0 ||
  person.judges.length > 0 ||
  person.itemIds.length > 0 ||
  person.batchEmailIds.length > 0;

/** The teams that hold something about `email`, for a superuser's request across teams. */
export async function teamsHolding(db: Db, email: string): Promise<number[]> {
  const rows = await selectRows<{ team_id: number }>(
    db,
    sql`
    select ${issues.teamId} as team_id from ${issueAccesses}
      join ${users} on ${users.id} = ${issueAccesses.userId} join ${issues} on ${issues.id} = ${issueAccesses.issueId}
      where lower(${users.email}) = ${email}
    union select ${teamMembers.teamId} from ${teamMembers} join ${users} on ${users.id} = ${teamMembers.userId}
      where lower(${users.email}) = ${email}
    union select ${intakeForms.teamId} from ${formSubmissions} join ${intakeForms} on ${intakeForms.id} = ${formSubmissions.formId}
      where lower(${formSubmissions.email}) = ${email}
    union select ${datasets.teamId} from ${datasets} where ${datasets.contactEmail} = ${email}
    union select ${datasets.teamId} from ${datumValues} join ${datasets} on ${datasets.id} = ${datumValues.datasetId}
      where lower(trim(${datumValues.response})) = ${email}
    union select ${emailBatches.teamId} from ${batchEmails} join ${emailBatches} on ${emailBatches.id} = ${batchEmails.batchId}
      where lower(${batchEmails.to}) = ${email}
    order by 1`,
  );
  return rows.map((row) => row.team_id);
}
