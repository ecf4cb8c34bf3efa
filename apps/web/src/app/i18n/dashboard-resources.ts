import * as dashboard from '../../features/dashboard/i18n';
import { addNamespace } from './add-resources';

/** The 'dashboard' namespace, added by the modules that read it (add-resources.ts). */
export const dashboardResources = addNamespace('dashboard', dashboard);
