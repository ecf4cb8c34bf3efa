import * as emails from '../../features/emails/i18n';
import { addNamespace } from './add-resources';

/** The mailing texts, which the unsubscribe page uses: loaded with it (public-pages.tsx), not by every public page. */
export const emailsResources = addNamespace('emails', emails);
