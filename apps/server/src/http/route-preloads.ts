import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One line of the build's route-preloads.json (apps/web/route-preloads-plugin.ts). */
interface RoutePreload {
  path: string;
  scripts: string[];
  styles: string[];
}

export const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
/** `/forms/:id` → /^\/forms\/[^/]+\/?$/ */
const toPattern = (route: string) =>
  new RegExp(`^${route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')}/?$`);

/**
 * A route's path and, after `?`, the query values it requires (`/team/:teamId/issue/:id/manage?tab=report`:
 * a page whose tab decides what it loads first). A route with a query comes before the same path without.
 */
const toMatcher = (route: string) => {
  const [routePath = '', query = ''] = route.split('?');
  const pattern = toPattern(routePath);
  const required = [...new URLSearchParams(query)];
  return {
    specificity: required.length,
    matches: (urlPath: string, search: URLSearchParams) =>
      pattern.test(urlPath) && required.every(([name, value]) => search.get(name) === value),
  };
};

/**
 * index.html for a path with `<link rel="modulepreload">` (and style preloads) for the chunks its page
 * will ask for, so that they download along with the entry rather than after it. Without the build's
 * list, index.html as it is.
 */
export function indexHtmlFor(distDir: string): (urlPath: string, search?: URLSearchParams) => string {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const listFile = path.join(distDir, 'route-preloads.json');
  if (!existsSync(listFile)) return () => html;
  const withLinks = (route: RoutePreload) => {
    const links = [
      ...route.scripts.map(
        (href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`,
      ),
      // `crossorigin` as on the stylesheet link that Vite's loader adds for the page: without it the
      // preload does not match that request and the file is downloaded twice.
      ...route.styles.map(
        (href) => `<link rel="preload" as="style" crossorigin href="${escapeAttribute(href)}">`,
      ),
    ];
    return html.replace('</head>', `${links.join('')}</head>`);
  };
  const routes = JSON.parse(readFileSync(listFile, 'utf8')) as RoutePreload[];
  const pages = routes
    .filter((route) => route.path !== '*')
    .map((route) => ({ ...toMatcher(route.path), html: withLinks(route) }))
    .sort((a, b) => b.specificity - a.specificity);
  const fallback = routes.find((route) => route.path === '*');
  const otherHtml = fallback ? withLinks(fallback) : html;
  return (urlPath, search = new URLSearchParams()) =>
    pages.find((page) => page.matches(urlPath, search))?.html ?? otherHtml;
}
