import { addNamespace } from '../../lib/i18n/add-resources';
import * as webhooks from './i18n';

/** The 'webhooks' namespace, added by the modules that read it (add-resources.ts). */
export const webhooksResources = addNamespace('webhooks', webhooks);
