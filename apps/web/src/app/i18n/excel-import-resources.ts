import * as excelImport from '../../features/excel-import/i18n';
import { addNamespace } from './add-resources';

/** The 'excelImport' namespace, added by the modules that read it (add-resources.ts). */
export const excelImportResources = addNamespace('excelImport', excelImport);
