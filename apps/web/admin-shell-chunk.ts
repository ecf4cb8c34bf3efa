import type { ChunkingContext } from 'rolldown';

/**
 * A code-splitting group's name function: the modules that the signed-in app's shell runs (the layout,
 * the session, the team's view) and that no other kind of page uses, in one chunk, `admin-shell`.
 * Grouped by the set of pages that share them, they came in some fifteen files under 1 KiB each that
 * every admin page downloaded; one file saves as many requests (over HTTP/1.1, two to three rounds of six
 * at 4G's 150 ms each) and the bytes of their imports.
 *
 * A module belongs when every chunk root that runs it (an entry, or a module imported with `import()`) is
 * one of `adminRoots` (the shell's, the team view's, the admin pages' modules), and one of them is a shell
 * root (`shellRoots`): then any page that runs it also runs the shell. A module also reached from a public
 * page, a lazily loaded dialog or a tab keeps its own chunk.
 */
export function adminShellChunk(shellRoots: string[], adminRoots: string[]) {
  const isOneOf = (suffixes: string[]) => (id: string) =>
    suffixes.some((suffix) => id.replaceAll('\\', '/').endsWith(`/src/${suffix}`));
  const isShellRoot = isOneOf(shellRoots);
  const isAdminRoot = isOneOf(adminRoots);
  /** The chunk roots that run `id`, found up its static importers (a walk per module: import cycles are complete). */
  const roots = (id: string, ctx: ChunkingContext): Set<string> => {
    const found = new Set<string>();
    const seen = new Set([id]);
    for (const each of seen) {
      const info = ctx.getModuleInfo(each);
      if (!info) continue;
      if (info.isEntry || info.dynamicImporters.length > 0) found.add(each);
      for (const importer of info.importers) seen.add(importer);
    }
    return found;
  };

  return (id: string, ctx: ChunkingContext): string | null => {
    if (id.includes('node_modules') || !/[\\/]src[\\/]/.test(id)) return null;
    const found = [...roots(id, ctx)];
    const belongs = found.every(isAdminRoot) && found.some(isShellRoot);
    return belongs ? 'admin-shell' : null;
  };
}
