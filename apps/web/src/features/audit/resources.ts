import { addNamespace } from '../../lib/i18n/add-resources';
import * as audit from './i18n';

/** The 'audit' namespace, added by the modules that read it (add-resources.ts). */
export const auditResources = addNamespace('audit', audit);
