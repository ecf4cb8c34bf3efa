import * as webhooks from '../../features/webhooks/i18n';
import { addNamespace } from './add-resources';

/** The 'webhooks' namespace, added by the modules that read it (add-resources.ts). */
export const webhooksResources = addNamespace('webhooks', webhooks);
