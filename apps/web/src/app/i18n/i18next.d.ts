import 'i18next';
import type { emailCheckResources } from '../../features/auth/email-check-i18n';
import type { decisionsResources } from '../../features/decisions/resources';
import type { mailingsResources } from '../../features/emails/mailings-resources';
import type { submissionStatusResources } from '../../features/form-respond/status-i18n';
import type { planNoteResources } from '../../features/teams/plan-note-i18n';
import type { agreementResources } from './agreement-resources';
import type { answeringResources } from './answering-resources';
import type { answersResources } from './answers-resources';
import type { assignmentResources } from './assignment-resources';
import type { auditResources } from './audit-resources';
import type { biddingResources } from './bidding-resources';
import type { dashboardResources } from './dashboard-resources';
import type { emailsResources } from './emails-resources';
import type { excelImportResources } from './excel-import-resources';
import type { formsResources } from './forms-resources';
import type { resources } from './index';
import type { itemTypesResources } from './item-types-resources';
import type { itemsResources } from './items-resources';
import type { judgesResources } from './judges-resources';
import type { membersResources } from './members-resources';
import type { mergesResources } from './merges-resources';
import type { reportsResources } from './reports-resources';
import type { reviewsResources } from './reviews-resources';
import type { roundsResources } from './rounds-resources';
import type { selectionsResources } from './selections-resources';
import type { ssoResources } from './sso-resources';
import type { tagsResources } from './tags-resources';
import type { topKResources } from './top-k-resources';
import type { webhooksResources } from './webhooks-resources';

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
      (typeof answeringResources)['en'] &
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
