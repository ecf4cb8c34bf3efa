import { addNamespace } from '../../lib/i18n/add-resources';
import * as emails from './i18n';

/** The mailing texts, which the unsubscribe page uses: loaded with it (public-pages.tsx), not by every public page. */
export const emailsResources = addNamespace('emails', emails);
