import { addNamespace } from '../../lib/i18n/add-resources';
import * as agreement from './i18n';

/** The 'agreement' namespace, added by the modules that read it (add-resources.ts). */
export const agreementResources = addNamespace('agreement', agreement);
