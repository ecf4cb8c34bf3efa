import { i18n } from './index';

/** Adds namespaces (language → namespace → texts) to the running i18n instance, once their module loads. */
export function addResources(resources: Record<string, Record<string, object>>): void {
  for (const [language, namespaces] of Object.entries(resources)) {
    for (const [namespace, texts] of Object.entries(namespaces))
      i18n.addResourceBundle(language, namespace, texts);
  }
}
