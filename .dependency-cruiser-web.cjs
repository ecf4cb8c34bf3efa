// The web app's modules drawn as floors, lowest first (docs/architecture.md, "What may import what"): `lib/`
// (what every feature uses), the features, `app/` (the shell that gathers them), `main.tsx`. An import up a
// floor is a warning, counted by `npm run lint:imports` against its budget; a cycle of files is an error.
const floors = [['lib'], ['features'], ['app'], ['main']];

const src = 'apps/web/src';
const pathOf = (modules) => `^${src}/(${modules.join('|')})(/|\\.tsx?$)`;

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
      comment: 'Every module of the web app stands on one floor of .dependency-cruiser-web.cjs.',
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
    exclude: { path: ['\\.test\\.tsx?$', '\\.d\\.ts$', 'node_modules'] },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
  },
};
