import * as judges from '../../features/judges/i18n';
import { addNamespace } from './add-resources';

/** The 'judges' namespace, added by the modules that read it (add-resources.ts). */
export const judgesResources = addNamespace('judges', judges);
