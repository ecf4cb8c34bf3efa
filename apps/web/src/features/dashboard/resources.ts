import { addNamespace } from '../../lib/i18n/add-resources';
import * as dashboard from './i18n';

/** The 'dashboard' namespace, added by the modules that read it (add-resources.ts). */
export const dashboardResources = addNamespace('dashboard', dashboard);
