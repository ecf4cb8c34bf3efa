import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { adminShellChunk } from './admin-shell-chunk';
import { earlyRequests } from './early-requests-plugin';
import { leanAntd } from './lean-antd-plugin';
import { precompress } from './precompress-plugin';
import { pureContract } from './pure-contract-plugin';
import { routeBudgets } from './route-budgets';
import { routePreloads } from './route-preloads-plugin';
import { ADMIN_PAGES, ADMIN_SHELL, adminPageModules, TEAM_VIEW } from './src/app/admin-paths';
import { ANTD_SHELL_MODULE, PUBLIC_PAGES } from './src/app/public-paths';

/** Where the dev server sends /api; the API listens on 3000 unless told otherwise. */
const API_TARGET = process.env.API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    earlyRequests('src/lib/early-requests.ts'),
    pureContract(),
    leanAntd(),
    // A page's chunks are announced with index.html; the Ant Design theme with the public pages using it.
    routePreloads(
      {
        ...Object.fromEntries(
          Object.entries(PUBLIC_PAGES).map(([pattern, page]) => [
            pattern,
            [page.module, ...(page.usesAntd ? [ANTD_SHELL_MODULE] : [])].map((module) => `src/${module}`),
          ]),
        ),
        ...Object.fromEntries(
          Object.keys(ADMIN_PAGES).map((pattern) => [
            pattern,
            adminPageModules(pattern as keyof typeof ADMIN_PAGES).map((module) => `src/${module}`),
          ]),
        ),
        '*': ADMIN_SHELL.map((module) => `src/${module}`),
      },
      { module: 'src/app/router.tsx' },
    ),
    precompress(),
    // Each route's first visit against its budget: the build fails when one grows past it.
    routeBudgets(path.join(import.meta.dirname, 'route-budgets.json')),
  ],
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Each route is its own chunk (app/lazy-page.ts); shared modules are split by use, so that a public
    // page loads the few Ant Design components it shows, not the admin screens' (docs/performance.md).
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      output: {
        // A vendor group's chunk is named after every page that loads it (100 characters and more): a
        // hash alone names it, in index.html's preloads and in each import of it.
        chunkFileNames: (chunk) =>
          chunk.name.startsWith('vendor~') ? 'assets/vendor-[hash].js' : 'assets/[name]-[hash].js',
        codeSplitting: {
          groups: [
            // React changes less often than the app: its own chunk stays cached across releases. With it
            // Vite's preload helper, which every lazy import calls: the groups below capture what their
            // modules import, and antd-base took it (by Typography's lazy editing input), which made the
            // public pages, which need the helper but no Ant Design, download antd-base whole.
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]|vite[\\/]preload-helper/,
              priority: 3,
            },
            // What the entry itself runs (queries, translations): kept apart, or the merging below would
            // fold it in with admin pages' libraries (an icon set) that every page would then download.
            {
              name: 'shell',
              test: /node_modules[\\/](@tanstack[\\/](query-core|react-query)|i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/,
              priority: 2,
            },
            // Everything else the entry runs, in one chunk: the app's own modules, zod's core and the
            // contract's constants (one file rather than five; each file is a request and its headers).
            // main.tsx stays the entry (index.html names one script); libraries a lazy page adds stay in
            // their groups (not recursive).
            {
              name: 'app',
              tags: ['$initial'],
              includeDependenciesRecursively: false,
              test: /^(?!.*[\\/]src[\\/](main\.tsx|lib[\\/]early-requests\.ts)$)/,
              priority: 1,
            },
            // The public form's page in one chunk (not its page module, its form and its loader apart);
            // what it loads later stays out: the checks (with zod), the outcome, a budget question.
            {
              name: 'submissions',
              test: /[\\/]features[\\/]submissions[\\/](?!checks|format-check|respondent-email|outcome-view|budget-question)/,
              includeDependenciesRecursively: false,
              priority: 1,
            },
            // The answer page's modules in one chunk, not four; the public link page apart (it shows the
            // captcha), and the texts with their namespace's chunk (the admin app loads it at its start).
            {
              name: 'judging',
              test: /[\\/]features[\\/]judging[\\/](?!public-page|use-public-link|team-header|i18n|resources)[\w-]+\.tsx?$/,
              includeDependenciesRecursively: false,
              priority: 1,
            },
            // How answers read (the answer page's cards, the admin's tables and drawers) in one chunk, with
            // their texts and the contract's budget and answer text; the budget's input apart (the form's).
            {
              name: 'answers',
              test: /[\\/]features[\\/]answers[\\/](?!budget-input)|[\\/]contract[\\/]src[\\/](answer-text|budget)\.ts$/,
              includeDependenciesRecursively: false,
              priority: 1,
            },
            // The small modules that the public pages share with the admin screens or with each other, in
            // one chunk: the plain controls, the page title, a team's header, sizes and tags, the contract's
            // constants.
            {
              name: 'plain',
              test: /[\\/]src[\\/]lib[\\/](plain[\\/]|api-errors\.ts|i18n[\\/](format|add-resources)\.ts|layout[\\/]use-document-title\.ts)|judging[\\/]team-header\.tsx|items[\\/]format\.ts|[\\/]contract[\\/]src[\\/](submissions|judging|items)\.ts$/,
              includeDependenciesRecursively: false,
              priority: 1,
            },
            // What the signed-in app's shell runs and only admin pages share, in one chunk (admin-shell-chunk.ts);
            // below the groups above, which keep what the public pages share.
            {
              name: adminShellChunk(
                [...ADMIN_SHELL, TEAM_VIEW],
                [...ADMIN_SHELL, TEAM_VIEW, ...Object.values(ADMIN_PAGES).flat()],
              ),
              includeDependenciesRecursively: false,
              priority: 0.5,
            },
            // ExcelJS alone, loaded by the import wizard and the admin's exports when used: left to the
            // grouping below, the small groups merged into it made pages that only share a few icons with
            // it download it whole (the dashboard, the forms and selections lists: +190 KiB; before
            // issue 27, the members and selection pages).
            {
              name: 'exceljs',
              test: /node_modules[\\/]exceljs[\\/]/,
              priority: 2,
            },
            // The rich text editor (tiptap, ProseMirror) and the drag and drop of the forms' questions, each
            // apart: only the pages that edit with them load them, not those that merely share a library.
            {
              name: 'rich-text',
              test: /node_modules[\\/](@tiptap|prosemirror-[a-z]+|linkifyjs|orderedmap|rope-sequence|w3c-keyname|markdown-it|@popperjs)[\\/]/,
              priority: 2,
            },
            {
              name: 'dnd-kit',
              test: /node_modules[\\/]@dnd-kit[\\/]/,
              priority: 2,
            },
            // What Ant Design's every admin page draws (the layout, buttons, typography, the
            // spinner, the App's modal and messages, the theme), in one chunk that stays cached from page
            // to page: left to the grouping below, it came in dozens of files, each shared by a different
            // set of routes (issue 28). Not Typography's editing input, loaded when a text is edited
            // (src/lib/lean-antd/lazy-editable.tsx): the group would take it, and Input with it.
            {
              name: 'antd-base',
              test: /node_modules[\\/]antd[\\/]es[\\/](?!typography[\\/]Editable)(layout|config-provider|app|button|grid|typography|spin|modal|message|notification|tooltip|space|flex|theme|style|_util|locale|empty)[\\/]/,
              priority: 2,
            },
            // zod whole, apart: the admin pages' forms check with it, the entry only uses its core.
            {
              name: 'zod',
              test: /node_modules[\\/]zod[\\/]/,
              priority: 1,
            },
            // Libraries grouped by the set of routes that use them, small groups not merged: merging them
            // (from 40 kB) saved a few requests but made pages load other pages' components (the dashboard
            // 428 KiB instead of 280, a public link page 268 instead of 164: issue 28).
            {
              name: 'vendor',
              test: /node_modules/,
              entriesAware: true,
              entriesAwareMergeThreshold: 0,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
