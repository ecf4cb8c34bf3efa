import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** What the server adds to index.html for a path: the chunks and styles its page will ask for. */
export interface RoutePreload {
  /** A route pattern (`/forms/:id`), or `*` for every other path. */
  path: string;
  scripts: string[];
  styles: string[];
}

export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** A module whose lazily loaded pages must all be listed (the router), but for those in `except`. */
export interface EveryPageOf {
  module: string;
  except?: string[];
}

/**
 * Writes `route-preloads.json`: for each route pattern, the chunks its modules import, with their own
 * imports, beyond what index.html already loads. The server announces them as `modulepreload` links
 * so they download along with the entry instead of after it (docs/performance.md). `routes` maps a
 * pattern to modules relative to the app's root; with `everyPageOf`, the build fails when that module
 * loads a page that no route lists (a new page would otherwise go unannounced and unweighed).
 */
export function routePreloads(routes: Record<string, string[]>, everyPageOf?: EveryPageOf): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'shortlist-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      if (everyPageOf) {
        const listed = new Set(
          Object.values(routes).flatMap((modules) => modules.map((m) => path.resolve(root, m))),
        );
        for (const module of [everyPageOf.module, ...(everyPageOf.except ?? [])])
          listed.add(path.resolve(root, module));
        const pages =
          this.getModuleInfo(path.resolve(root, everyPageOf.module))?.dynamicallyImportedIds ?? [];
        const missing = pages.filter((id) => !listed.has(id)).map((id) => path.relative(root, id));
        if (missing.length > 0) {
          throw new Error(
            `route-preloads: ${everyPageOf.module} loads pages that no route lists: ${missing.join(', ')}`,
          );
        }
      }
      const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
      const byModule = new Map(
        chunks.flatMap((chunk) => (chunk.facadeModuleId ? [[chunk.facadeModuleId, chunk]] : [])),
      );
      const inIndex = new Set(
        chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => closure(bundle, chunk)),
      );
      const preloads: RoutePreload[] = Object.entries(routes).map(([pattern, modules]) => {
        const needed = new Set<OutputChunk>();
        for (const module of modules) {
          const id = path.resolve(root, module);
          // A module imported only with another may share its chunk, of which it is then not the facade.
          const chunk = byModule.get(id) ?? chunks.find((each) => each.moduleIds.includes(id));
          if (!chunk) throw new Error(`route-preloads: no chunk for ${module}`);
          for (const each of closure(bundle, chunk)) if (!inIndex.has(each)) needed.add(each);
        }
        return {
          path: pattern,
          scripts: [...needed].filter((chunk) => !isCssOnly(chunk)).map((chunk) => base + chunk.fileName),
          styles: [...needed].flatMap((chunk) =>
            [...(chunk.viteMetadata?.importedCss ?? [])].map((css) => base + css),
          ),
        };
      });
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(preloads) });
    },
  };
}

/** A chunk of styles alone, which Vite drops from the bundle once its CSS file is written: no script. */
const isCssOnly = (chunk: OutputChunk) => chunk.moduleIds.every((id) => /\.css(\?|$)/.test(id));

/** A chunk and every chunk it imports statically, however deep. */
function closure(bundle: OutputBundle, start: OutputChunk): OutputChunk[] {
  const seen = new Set<OutputChunk>([start]);
  for (const chunk of seen) {
    for (const name of chunk.imports) {
      const next = bundle[name];
      if (next?.type === 'chunk') seen.add(next);
    }
  }
  return [...seen];
}
