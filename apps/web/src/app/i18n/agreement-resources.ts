import * as agreement from '../../features/agreement/i18n';
import { addNamespace } from './add-resources';

/** The 'agreement' namespace, added by the modules that read it (add-resources.ts). */
export const agreementResources = addNamespace('agreement', agreement);
