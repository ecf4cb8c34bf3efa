import * as forms from '../../features/forms/i18n';
import { addNamespace } from './add-resources';

/** The 'forms' namespace, added by the modules that read it (add-resources.ts). */
export const formsResources = addNamespace('forms', forms);
