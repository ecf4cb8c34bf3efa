import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type OutputChunk = Rolldown.OutputChunk;

/** `vite build --mode chunk-plan`: the first of the build's two passes, which writes the plan and no file. */
export const CHUNK_PLAN_MODE = 'chunk-plan';

/** What the second pass groups: a module's id → its chunk's name. */
export type ChunkPlan = Record<string, string>;

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
      const plan: ChunkPlan = {};
      for (const [key, together] of byRoutes) {
        if (together.length < 2) continue;
        const name = PLANNED_PREFIX + createHash('sha256').update(key).digest('hex').slice(0, 12);
        for (const chunk of together) for (const id of chunk.moduleIds) plan[id] = name;
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
