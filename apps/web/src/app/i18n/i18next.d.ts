import 'i18next';
import type { decisionsResources } from '../../features/decisions/resources';
import type { mailingsResources } from '../../features/emails/mailings-resources';
import type { submissionStatusResources } from '../../features/form-respond/status-i18n';
import type { adminResources } from './admin-resources';
import type { answeringResources } from './answering-resources';
import type { answersResources } from './answers-resources';
import type { emailsResources } from './emails-resources';
import type { resources } from './index';
import type { roundsResources } from './rounds-resources';
import type { topKResources } from './top-k-resources';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: (typeof resources)['en'] &
      (typeof adminResources)['en'] &
      (typeof answeringResources)['en'] &
      (typeof answersResources)['en'] &
      (typeof emailsResources)['en'] &
      (typeof topKResources)['en'] &
      (typeof roundsResources)['en'] &
      (typeof decisionsResources)['en'] &
      (typeof mailingsResources)['en'] &
      (typeof submissionStatusResources)['en'];
  }
}
