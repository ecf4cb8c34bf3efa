import { addNamespace } from '../../lib/i18n/add-resources';
import * as reports from './i18n';

/** The 'reports' namespace, added by the modules that read it (add-resources.ts). */
export const reportsResources = addNamespace('reports', reports);
