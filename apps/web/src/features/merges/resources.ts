import { addNamespace } from '../../lib/i18n/add-resources';
import * as merges from './i18n';

/** The 'merges' namespace, added by the modules that read it (add-resources.ts). */
export const mergesResources = addNamespace('merges', merges);
