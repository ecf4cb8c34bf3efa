import { addNamespace } from '../../lib/i18n/add-resources';
import * as mailings from './mailings-i18n';

/** The 'mailings' namespace, added by the modules that show it (mailings-i18n.ts). */
export const mailingsResources = addNamespace('mailings', mailings);
