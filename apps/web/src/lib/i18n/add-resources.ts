import { i18n } from './index';

/** Adds namespaces (language → namespace → texts) to the running i18n instance, once their module loads. */
export function addResources(resources: Record<string, Record<string, object>>): void {
  for (const [language, namespaces] of Object.entries(resources)) {
    for (const [namespace, texts] of Object.entries(namespaces))
      i18n.addResourceBundle(language, namespace, texts);
  }
}

/**
 * Adds one feature's namespace in both languages, and returns it by language (for i18next.d.ts's types).
 * Each namespace has its module (`<feature>-resources.ts`), imported by every module that reads it, so that
 * a page downloads the texts it shows and no other (issue 28): the import runs before the page renders.
 */
export function addNamespace<N extends string, T extends object>(
  namespace: N,
  texts: { en: T; fr: T },
): { en: Record<N, T>; fr: Record<N, T> } {
  const resources = {
    en: { [namespace]: texts.en },
    fr: { [namespace]: texts.fr },
  } as { en: Record<N, T>; fr: Record<N, T> };
  addResources(resources);
  return resources;
}
