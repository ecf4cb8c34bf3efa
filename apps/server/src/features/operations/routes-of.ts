/**
 * Every registered route, read from Fastify's own listing (`printRoutes` with full paths: one line
 * per path segment, indented by depth, its methods in brackets), so that a route added later is
 * checked without being named here.
 */
export function routesOf(tree: string) {
  const segments: string[] = [];
  const routes: { method: string; path: string }[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    segments.length = (match[1] ?? '').length / 4;
    segments.push(match[2] ?? '');
    for (const method of (match[3] ?? '').split(', ')) {
      if (method && method !== 'HEAD') routes.push({ method, path: segments.join('') });
    }
  }
  return routes.filter((route) => route.path.startsWith('/api/v1/'));
}
