// The server's modules drawn as floors, lowest first (docs/architecture.md, "What may import what"): a module
// imports its own floor or those below. An import up a floor is a warning, counted by `npm run lint:imports`
// against its budget (scripts/lint-imports.mjs); a cycle of files is an error.
const floors = [
  ['db'],
  ['config', 'config-sso', 'context', 'http', 'threads', 'jobs', 'item-reads', 'access'],
  [
    'features/audit',
    'features/auth',
    'features/sso',
    'features/captcha',
    'features/mail',
    'features/verification',
    'features/webhooks',
    'features/teams',
    'features/members',
  ],
  [
    'features/item-types',
    'features/forms',
    'features/items',
    'features/tags',
    'features/reviews',
    'features/contact',
    'features/dashboard',
  ],
  ['features/selections', 'features/judges', 'features/judging', 'features/pairwise', 'features/submissions'],
  [
    'features/reports',
    'features/agreement',
    'features/top-k',
    'features/ranked',
    'features/merges',
    'features/rounds',
    'features/decisions',
    'features/assignment',
  ],
  ['features/emails', 'features/personal-data', 'features/admin', 'features/operations'],
  ['app', 'server'],
];

const src = 'apps/server/src';
/** A module is a folder (its files) or a file at the root of src/ (`config` is config.ts). */
const pathOf = (modules) => `^${src}/(${modules.join('|')})(/|\\.ts$)`;

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Files that import each other.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'in-a-floor',
      severity: 'error',
      comment: 'Every module of the server stands on one floor of .dependency-cruiser.cjs.',
      from: { path: `^${src}/`, pathNot: pathOf(floors.flat()) },
      to: {},
    },
    ...floors.slice(0, -1).map((floor, index) => ({
      name: 'no-import-up',
      severity: 'warn',
      comment: `A module of floor ${index} imports one above it.`,
      from: { path: pathOf(floor) },
      to: { path: pathOf(floors.slice(index + 1).flat()) },
    })),
  ],
  options: {
    exclude: { path: ['\\.test\\.tsx?$', `^${src}/test/`, 'node_modules'] },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.node.json' },
  },
};
