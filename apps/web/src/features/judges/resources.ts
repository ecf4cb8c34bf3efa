import { addNamespace } from '../../lib/i18n/add-resources';
import * as judges from './i18n';

/** The 'judges' namespace, added by the modules that read it (add-resources.ts). */
export const judgesResources = addNamespace('judges', judges);
