import { addNamespace } from '../../lib/i18n/add-resources';
import * as selections from './i18n';

/** The 'selections' namespace, added by the modules that read it (add-resources.ts). */
export const selectionsResources = addNamespace('selections', selections);
