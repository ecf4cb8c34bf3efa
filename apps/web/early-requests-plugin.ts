import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

const ENTRY = 'early-requests';

/**
 * Builds `module` (the signed-in pages' first API requests, src/lib/early-requests.ts) as an entry of its
 * own and names it first in index.html's head, loaded async: it runs as soon as its few hundred bytes
 * arrive, while the app's scripts are still downloading. Named in the HTML beside the app's entry, Vite
 * would make it one script with it, run only once every module of the app's start had come.
 */
export function earlyRequests(module: string): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'shortlist-early-requests',
    config(config) {
      const root = config.root ?? process.cwd();
      return {
        build: {
          rolldownOptions: {
            input: { index: path.resolve(root, 'index.html'), [ENTRY]: path.resolve(root, module) },
          },
        },
      };
    },
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, server }) {
        const file = server
          ? `/${path.relative(root, path.resolve(root, module))}`
          : Object.values(bundle ?? {}).find(
              (each): each is Rolldown.OutputChunk =>
                each.type === 'chunk' && each.isEntry && each.name === ENTRY,
            )?.fileName;
        if (!file) throw new Error(`early-requests: no chunk for ${module}`);
        const src = server ? file : base + file;
        return [{ tag: 'script', attrs: { type: 'module', async: true, src }, injectTo: 'head-prepend' }];
      },
    },
  };
}
