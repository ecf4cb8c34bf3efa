import { addNamespace } from '../../lib/i18n/add-resources';
import * as excelImport from './i18n';

/** The 'excelImport' namespace, added by the modules that read it (add-resources.ts). */
export const excelImportResources = addNamespace('excelImport', excelImport);
