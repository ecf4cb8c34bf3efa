import * as audit from '../../features/audit/i18n';
import { addNamespace } from './add-resources';

/** The 'audit' namespace, added by the modules that read it (add-resources.ts). */
export const auditResources = addNamespace('audit', audit);
