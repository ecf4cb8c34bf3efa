import { addNamespace } from '../../lib/i18n/add-resources';
import * as forms from './i18n';

/** The 'forms' namespace, added by the modules that read it (add-resources.ts). */
export const formsResources = addNamespace('forms', forms);
