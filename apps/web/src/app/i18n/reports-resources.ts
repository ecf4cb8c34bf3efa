import * as reports from '../../features/reports/i18n';
import { addNamespace } from './add-resources';

/** The 'reports' namespace, added by the modules that read it (add-resources.ts). */
export const reportsResources = addNamespace('reports', reports);
