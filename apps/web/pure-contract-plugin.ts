import { type ESTree, type Plugin, parseAst } from 'vite';

const CONTRACT_SOURCE = /[\\/]packages[\\/]contract[\\/]src[\\/](?!messages\.ts|index\.ts)[^\\/]+\.ts$/;
/** Values that cost nothing to keep and run nothing: left as they are. */
const PLAIN = new Set(['Literal', 'Identifier', 'ArrowFunctionExpression', 'FunctionExpression']);

type TopLevel = ESTree.Program['body'][number];

const declaratorsOf = (statement: TopLevel): ESTree.VariableDeclarator[] => {
  if (statement.type === 'VariableDeclaration') return statement.declarations;
  if (statement.type === 'ExportNamedDeclaration' && statement.declaration?.type === 'VariableDeclaration')
    return statement.declaration.declarations;
  return [];
};

/**
 * Declares the contract's module-level values pure in the web build: building a zod schema changes
 * nothing else, so a page that imports a constant, a limit or a check from the contract no longer
 * downloads every schema and zod with them (each of the contract's modules builds its schemas when
 * loaded). Each `const name = value` becomes `const name = /* @__PURE__ *\/ (() => value)()`, dropped
 * unless `name` is used, and a module none of whose exports are used is left out; `messages.ts`, which
 * installs zod's messages, stays as it is.
 */
export function pureContract(): Plugin {
  return {
    name: 'shortlist-pure-contract',
    apply: 'build',
    transform: {
      filter: { id: CONTRACT_SOURCE },
      handler(code) {
        const values = parseAst(code)
          .body.flatMap(declaratorsOf)
          .flatMap(({ id, init }) =>
            id.type === 'Identifier' && init && !PLAIN.has(init.type) ? [init] : [],
          )
          .sort((a, b) => b.start - a.start);
        let annotated = code;
        for (const { start, end } of values)
          annotated = `${annotated.slice(0, start)}/* @__PURE__ */ (() => (${annotated.slice(start, end)}))()${annotated.slice(end)}`;
        return { code: annotated, map: null, moduleSideEffects: false };
      },
    },
  };
}
