import * as emails from '../../features/emails/i18n';
import { addResources } from './add-resources';

/** The mailing texts, which the unsubscribe page uses: loaded with it (public-pages.tsx), not by every public page. */
export const emailsResources = {
  en: { emails: emails.en },
  fr: { emails: emails.fr },
} as const;

addResources(emailsResources);
