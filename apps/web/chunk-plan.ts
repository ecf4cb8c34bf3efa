import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type OutputChunk = Rolldown.OutputChunk;

/** `vite build --mode chunk-plan`: the first of the build's two passes, which writes the plan and no file. */
export const CHUNK_PLAN_MODE = 'chunk-plan';

/** What the second pass groups: a module's id → its chunk's name. */
export type ChunkPlan = Record<string, string>;

/** The chunks that the same routes' first visits load: one chunk, unless merged into another. */
interface RouteSet {
  key: string;
  routes: Set<string>;
  chunks: OutputChunk[];
  /** Their minified code's length. */
  bytes: number;
  /** The set whose chunk it joins. */
  into?: RouteSet;
}

/**
 * Code under which a set of chunks joins a set loaded by more routes (all of its own among them): 1,000
 * bytes minified, some 0.3–0.4 KiB compressed, about what its file's headers and imports cost over
 * HTTP/1.1. At 2,000 the sign-in page and the invitations grew by 0.8–0.9 KiB, at 4,000 the invitations
 * and the dashboard by 2.2–2.7.
 */
const MERGE_BELOW = 1000;

/** The chunks of a plan's group are named so (`routes-<hash>.js`): a hash of the routes that load them. */
export const PLANNED_PREFIX = 'routes~';

/**
 * The build's first pass (`--mode chunk-plan`, no file written): finds the chunks that every route's first
 * visit loads together and writes, for the second pass, which modules to put in one chunk.
 *
 * The code-splitting groups of vite.config.ts split the shared modules by the set of chunk roots (pages,
 * tabs, dialogs loaded with `import()`) that run them: a page loads its code and no other page's. But many
 * of those sets are loaded together by exactly the same routes: a selection's items tab downloaded 71
 * scripts, 45 under 2 KiB, some twenty of which no first visit of any route loads apart. Each file is a
 * request, and over HTTP/1.1 its ~230 bytes of headers travel uncompressed (decision 228). Two such chunks
 * in one change no route's first visit by a byte of code; what changes is a page's later `import()` (a
 * dialog, another tab) that needed one of them and now downloads both.
 *
 * A set of under 1,000 bytes (`MERGE_BELOW`) then joins the set loaded by the fewest more routes, all of
 * its own among them, when each of those routes already loads what its chunks import: a page that did not
 * need it downloads its few hundred bytes, and no other chunk with them (a merge that let the forms list
 * download zod, which a small chunk imported, made it 21 KiB heavier).
 *
 * Only the chunks that no group names (`vendor~…`, and rolldown's own shared chunks) are merged, not those
 * of an entry, of a module loaded with `import()` (a page, a tab), or of a named group (react, shell…: each
 * kept apart for a reason of vite.config.ts). Which routes load which chunk is found as route-preloads does:
 * index.html's entry and its imports, and each route's modules with theirs.
 */
export function planChunks(
  routes: Record<string, string[]>,
  namedGroups: string[],
  planFile: string,
): Plugin {
  let root = '';
  return {
    name: 'shortlist-chunk-plan',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
      const closure = (start: OutputChunk) => {
        const seen = new Set([start]);
        for (const chunk of seen)
          for (const name of chunk.imports) {
            const next = bundle[name];
            if (next?.type === 'chunk') seen.add(next);
          }
        return seen;
      };
      const inIndex = new Set(
        chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => [...closure(chunk)]),
      );
      const routesOf = new Map<OutputChunk, string[]>();
      for (const [pattern, modules] of Object.entries(routes)) {
        const loaded = new Set(inIndex);
        for (const module of modules) {
          const id = path.resolve(root, module);
          const chunk =
            chunks.find((each) => each.facadeModuleId === id) ??
            chunks.find((each) => each.moduleIds.includes(id));
          if (chunk) for (const each of closure(chunk)) loaded.add(each);
        }
        for (const chunk of loaded) routesOf.set(chunk, [...(routesOf.get(chunk) ?? []), pattern]);
      }
      const named = new Set(namedGroups);
      const byRoutes = new Map<string, OutputChunk[]>();
      for (const [chunk, patterns] of routesOf) {
        if (chunk.isEntry || chunk.isDynamicEntry || named.has(chunk.name)) continue;
        const key = patterns.sort().join('\n');
        byRoutes.set(key, [...(byRoutes.get(key) ?? []), chunk]);
      }
      const sets: RouteSet[] = [...byRoutes].map(([key, together]) => ({
        key,
        routes: new Set(key.split('\n')),
        chunks: together,
        bytes: together.reduce((sum, chunk) => sum + chunk.code.length, 0),
      }));
      /** Whether every route of `routes` loads every chunk that `set`'s chunks import. */
      const importsLoadedBy = (set: RouteSet, routes: Set<string>) =>
        set.chunks.every((chunk) =>
          [...closure(chunk)].every(
            (each) => each === chunk || [...routes].every((route) => routesOf.get(each)?.includes(route)),
          ),
        );
      // Smallest first, each into the set loaded by the fewest more routes that keeps its own chunk so far.
      for (const small of [...sets].sort((a, b) => a.bytes - b.bytes)) {
        if (small.bytes >= MERGE_BELOW) break;
        let host: RouteSet | undefined;
        for (const other of sets) {
          if (other === small || other.into || other.routes.size <= small.routes.size) continue;
          if (![...small.routes].every((route) => other.routes.has(route))) continue;
          if (!importsLoadedBy(small, other.routes)) continue;
          if (
            !host ||
            other.routes.size < host.routes.size ||
            (other.routes.size === host.routes.size && other.bytes < host.bytes)
          )
            host = other;
        }
        if (!host) continue;
        small.into = host;
        for (const each of sets) if (each.into === small) each.into = host;
        host.bytes += small.bytes;
      }
      const plan: ChunkPlan = {};
      for (const set of sets) {
        const target = set.into ?? set;
        const merged = sets.filter((each) => (each.into ?? each) === target);
        if (merged.reduce((n, each) => n + each.chunks.length, 0) < 2) continue;
        const name = PLANNED_PREFIX + createHash('sha256').update(target.key).digest('hex').slice(0, 12);
        for (const chunk of set.chunks) for (const id of chunk.moduleIds) plan[id] = name;
      }
      mkdirSync(path.dirname(planFile), { recursive: true });
      writeFileSync(planFile, JSON.stringify(plan));
    },
  };
}

/** The first pass's plan, once: read and removed, so that a build run alone later does not follow an old one. */
export function takeChunkPlan(planFile: string): ChunkPlan | undefined {
  if (!existsSync(planFile)) return undefined;
  const plan = JSON.parse(readFileSync(planFile, 'utf8')) as ChunkPlan;
  rmSync(planFile);
  return plan;
}

/** The second pass's group: the plan's modules, each in its named chunk, before any other group takes them. */
export function plannedGroup(plan: ChunkPlan) {
  return {
    name: (id: string) => plan[id] ?? null,
    test: (id: string) => id in plan,
    includeDependenciesRecursively: false,
    priority: 10,
  };
}
