import 'i18next';
import type { agreementResources } from '../../features/agreement/resources';
import type { answersResources } from '../../features/answers/resources';
import type { assignmentResources } from '../../features/assignment/resources';
import type { auditResources } from '../../features/audit/resources';
import type { emailCheckResources } from '../../features/auth/email-check-i18n';
import type { biddingResources } from '../../features/bidding/resources';
import type { dashboardResources } from '../../features/dashboard/resources';
import type { decisionsResources } from '../../features/decisions/resources';
import type { mailingsResources } from '../../features/emails/mailings-resources';
import type { emailsResources } from '../../features/emails/resources';
import type { excelImportResources } from '../../features/excel-import/resources';
import type { formsResources } from '../../features/forms/resources';
import type { itemTypesResources } from '../../features/item-types/resources';
import type { itemsResources } from '../../features/items/resources';
import type { judgesResources } from '../../features/judges/resources';
import type { judgingResources } from '../../features/judging/resources';
import type { membersResources } from '../../features/members/resources';
import type { mergesResources } from '../../features/merges/resources';
import type { reportsResources } from '../../features/reports/resources';
import type { reviewsResources } from '../../features/reviews/resources';
import type { roundsResources } from '../../features/rounds/resources';
import type { selectionsResources } from '../../features/selections/resources';
import type { ssoResources } from '../../features/sso/resources';
import type { submissionStatusResources } from '../../features/submissions/status-i18n';
import type { tagsResources } from '../../features/tags/resources';
import type { planNoteResources } from '../../features/teams/plan-note-i18n';
import type { topKResources } from '../../features/top-k/resources';
import type { webhooksResources } from '../../features/webhooks/resources';
import type { resources } from '../../lib/i18n/index';

/** Every namespace's keys, each added by its own module (add-resources.ts), typed here as one catalogue. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: (typeof resources)['en'] &
      (typeof decisionsResources)['en'] &
      (typeof mailingsResources)['en'] &
      (typeof submissionStatusResources)['en'] &
      (typeof emailCheckResources)['en'] &
      (typeof planNoteResources)['en'] &
      (typeof agreementResources)['en'] &
      (typeof judgingResources)['en'] &
      (typeof answersResources)['en'] &
      (typeof assignmentResources)['en'] &
      (typeof auditResources)['en'] &
      (typeof biddingResources)['en'] &
      (typeof dashboardResources)['en'] &
      (typeof emailsResources)['en'] &
      (typeof excelImportResources)['en'] &
      (typeof formsResources)['en'] &
      (typeof itemTypesResources)['en'] &
      (typeof itemsResources)['en'] &
      (typeof judgesResources)['en'] &
      (typeof membersResources)['en'] &
      (typeof mergesResources)['en'] &
      (typeof reportsResources)['en'] &
      (typeof reviewsResources)['en'] &
      (typeof roundsResources)['en'] &
      (typeof selectionsResources)['en'] &
      (typeof ssoResources)['en'] &
      (typeof tagsResources)['en'] &
      (typeof topKResources)['en'] &
      (typeof webhooksResources)['en'];
  }
}
