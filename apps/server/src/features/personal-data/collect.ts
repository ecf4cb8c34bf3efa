import { answerText, type Language } from '@shortlist/contract';
import { and, asc, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  batchEmails,
  datasets,
  datumFields,
  datumValues,
  emailBatches,
  emailSuppressions,
  formSubmissions,
  intakeForms,
  issueAccesses,
  issueAnswerDrafts,
  issueAnswers,
  issueBids,
  issueComments,
  issueConflicts,
  issueExpertise,
  issueInvitations,
  issueQuestions,
  issueSubmissions,
  issues,
  itemDecisions,
  teamMembers,
  teams,
} from '../../db/schema/index.ts';
import { toAnswerParts } from '../items/answer-parts.ts';
import { collectCopies } from './copies.ts';
import { mailingsOf, type PersonInTeam } from './person.ts';
import type { ArchiveDocument } from './readme.ts';

const iso = (time: Date | null) => time?.toISOString() ?? null;
const none = <T>() => Promise.resolve([] as T[]);

/** A file of the archive: the stored key and the name it has there. */
export interface ArchivedFile {
  key: string;
  path: string;
}

/** A name safe in an archive: no folders, nothing a file system refuses; the id keeps it unique. */
const fileName = (valueId: number, name: string | null) =>
  `${valueId}-${(name ?? 'file').replace(/[^\w.-]+/g, '_').slice(-80)}`;

async function judgingOf(db: Db, person: PersonInTeam) {
  const accessIds = person.judges.flatMap((judge) => judge.accessIds);
  if (accessIds.length === 0) return [];
  const accesses = await db
    .select({ access: issueAccesses, issue: issues })
    .from(issueAccesses)
    .innerJoin(issues, eq(issues.id, issueAccesses.issueId))
    .where(inArray(issueAccesses.id, accessIds))
    .orderBy(asc(issueAccesses.id));
  return Promise.all(
    accesses.map(async ({ access, issue }) => {
      const ofJudge = (table: typeof issueAnswers | typeof issueComments) =>
        and(eq(table.issueId, issue.id), eq(table.userId, access.userId));
      const [answers, comments, conflicts, drafts, submissions, invitations, expertise, bids] =
        await Promise.all([
          db
            .select({ answer: issueAnswers, item: datasets.title, criterion: issueQuestions.title })
            .from(issueAnswers)
            .innerJoin(datasets, eq(datasets.id, issueAnswers.datasetId))
            .leftJoin(issueQuestions, eq(issueQuestions.id, issueAnswers.questionId))
            .where(ofJudge(issueAnswers))
            .orderBy(asc(issueAnswers.datasetId), asc(issueAnswers.questionId)),
          db
            .select({ comment: issueComments, item: datasets.title })
            .from(issueComments)
            .innerJoin(datasets, eq(datasets.id, issueComments.datasetId))
            .where(ofJudge(issueComments))
            .orderBy(asc(issueComments.datasetId)),
          db.select().from(issueConflicts).where(eq(issueConflicts.accessId, access.id)),
          db.select().from(issueAnswerDrafts).where(eq(issueAnswerDrafts.accessId, access.id)),
          db
            .select()
            .from(issueSubmissions)
            .where(and(eq(issueSubmissions.issueId, issue.id), eq(issueSubmissions.userId, access.userId))),
          db
            .select({ time: issueInvitations.createTime })
            .from(issueInvitations)
            .where(and(eq(issueInvitations.issueId, issue.id), eq(issueInvitations.userId, access.userId))),
          db.select().from(issueExpertise).where(eq(issueExpertise.accessId, access.id)),
          db
            .select()
            .from(issueBids)
            .where(eq(issueBids.accessId, access.id))
            .orderBy(asc(issueBids.datasetId)),
        ]);
      return {
        selection: { id: issue.id, title: issue.title, type: issue.resourcetype },
        access: { origin: access.origin, create_time: iso(access.createTime) },
        submission: submissions[0]
          ? { create_time: iso(submissions[0].createTime), update_time: iso(submissions[0].updateTime) }
          : null,
        answers: answers.map((row) => ({
          item: { id: row.answer.datasetId, title: row.item },
          criterion: row.answer.questionId ? { id: row.answer.questionId, title: row.criterion } : null,
          value: row.answer.value,
        })),
        comments: comments.map((row) => ({
          item: { id: row.comment.datasetId, title: row.item },
          criterion: row.comment.questionId,
          content: row.comment.content,
          shared: row.comment.shared,
          create_time: iso(row.comment.createTime),
        })),
        conflicts: conflicts.map((row) => ({
          item: row.datasetId,
          set_by: row.setBy,
          create_time: iso(row.createTime),
        })),
        draft: drafts[0] ? { payload: drafts[0].payload, update_time: iso(drafts[0].updateTime) } : null,
        invitations: invitations.map((row) => iso(row.time)),
        expertise: expertise[0]
          ? { text: expertise[0].text, update_time: iso(expertise[0].updateTime) }
          : null,
        bids: bids.map((row) => ({ item: row.datasetId, bid: row.bid })),
      };
    }),
  );
}

async function itemsOf(
  db: Db,
  person: PersonInTeam,
  language: Language,
  files: ArchivedFile[],
  folder: string,
) {
  if (person.itemIds.length === 0) return [];
  const [items, values, submissions, decisions] = await Promise.all([
    db.select().from(datasets).where(inArray(datasets.id, person.itemIds)).orderBy(asc(datasets.id)),
    db
      .select({ value: datumValues, field: datumFields })
      .from(datumValues)
      .innerJoin(datumFields, eq(datumFields.id, datumValues.datumFieldId))
      .where(inArray(datumValues.datasetId, person.itemIds))
      .orderBy(asc(datumFields.order), asc(datumFields.id)),
    db
      .select({ submission: formSubmissions, form: { id: intakeForms.id, title: intakeForms.title } })
      .from(formSubmissions)
      .innerJoin(intakeForms, eq(intakeForms.id, formSubmissions.formId))
      .where(inArray(formSubmissions.datasetId, person.itemIds)),
    // What the person was told: a decision not sent yet is the team's, not theirs.
    db
      .select()
      .from(itemDecisions)
      .where(and(inArray(itemDecisions.datasetId, person.itemIds), isNotNull(itemDecisions.sentDecision))),
  ]);
  return items.map((item) => {
    const submission = submissions.find((row) => row.submission.datasetId === item.id);
    const decision = decisions.find((row) => row.datasetId === item.id);
    return {
      id: item.id,
      title: item.title,
      description: item.description,
      tags: item.tags,
      contact_email: item.contactEmail,
      create_time: iso(item.createTime),
      form: submission?.form ?? null,
      decision_sent: decision ? { decision: decision.sentDecision, sent_time: iso(decision.sentTime) } : null,
      submission: submission
        ? {
            email: submission.submission.email,
            status: submission.submission.status,
            submit_time: iso(submission.submission.submitTime),
            create_time: iso(submission.submission.createTime),
          }
        : null,
      answers: values
        .filter((row) => row.value.datasetId === item.id)
        .map(({ value, field }) => {
          let file: string | null = null;
          if (value.fileKey) {
            file = `${folder}files/${fileName(value.id, value.filename)}`;
            files.push({ key: value.fileKey, path: file });
          }
          return {
            question: field.label,
            answer: answerText(toAnswerParts(value, field.textFormat), language),
            file,
          };
        }),
    };
  });
}

async function mailsOf(db: Db, person: PersonInTeam, email: string) {
  const mails = mailingsOf(person);
  const [mailings, copies, suppressions] = await Promise.all([
    mails
      ? db
          .select({ mail: batchEmails, mailing: emailBatches.title })
          .from(batchEmails)
          .innerJoin(emailBatches, eq(emailBatches.id, batchEmails.batchId))
          .where(mails)
          .orderBy(asc(batchEmails.id))
      : none<{ mail: typeof batchEmails.$inferSelect; mailing: string }>(),
    collectCopies(db, { ...person, email }),
    db
      .select()
      .from(emailSuppressions)
      .where(
        and(
          eq(emailSuppressions.email, email),
          or(eq(emailSuppressions.teamId, person.teamId), eq(emailSuppressions.reason, 'invalid')),
        ),
      ),
  ]);
  return {
    mails: {
      mailings: mailings.map(({ mail, mailing }) => ({
        mailing,
        to: mail.to,
        subject: mail.subject,
        html: mail.htmlMessage,
        decision: mail.decision,
        sent_time: iso(mail.sentTime),
        error: mail.error,
      })),
      queued: copies.mail_queue,
      outbox: copies.outbox_messages,
    },
    webhooks: copies.webhook_deliveries,
    suppressions: suppressions.map((row) => ({ reason: row.reason, create_time: iso(row.createTime) })),
  };
}

/**
 * What one team holds about the person, as the archive's documents (README.txt says what each holds),
 * and the files to put beside them under `folder` (the team's folder of a superuser's archive, or nothing).
 */
export async function collectPersonData(
  db: Db,
  {
    person,
    email,
    language,
    folder,
  }: { person: PersonInTeam; email: string; language: Language; folder: string },
) {
  const files: ArchivedFile[] = [];
  const [[team], memberships, judging, items, { mails, webhooks, suppressions }] = await Promise.all([
    db.select({ id: teams.id, title: teams.title }).from(teams).where(eq(teams.id, person.teamId)),
    person.invitationIds.length
      ? db
          .select({ status: teamMembers.status, create_time: teamMembers.createTime })
          .from(teamMembers)
          .where(inArray(teamMembers.id, person.invitationIds))
      : none<{ status: string; create_time: Date }>(),
    judgingOf(db, person),
    itemsOf(db, person, language, files, folder),
    mailsOf(db, person, email),
  ]);
  const documents: Record<ArchiveDocument, unknown> = {
    'person.json': {
      email,
      team,
      is_member: person.isMember,
      membership_invitations: memberships.map((row) => ({
        status: row.status,
        create_time: iso(row.create_time),
      })),
      suppressions,
    },
    'items.json': items,
    'judging.json': judging,
    'mails.json': mails,
    'webhooks.json': webhooks,
  };
  return { team: team ?? { id: person.teamId, title: '' }, documents, files };
}
