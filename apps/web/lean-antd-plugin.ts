import path from 'node:path';
import type { Plugin } from 'vite';

/** Our stand-ins for Ant Design's modules (src/lib/lean-antd/). */
const OURS = path.join(import.meta.dirname, 'src/lib/lean-antd');

/**
 * Imports of Ant Design's that keep far more than they use, pointed at the one module they need.
 * `antd/es/form/context.js`, which every input and the config provider import, takes `FormProvider` from
 * `@rc-component/form`'s index; that index assigns the form's parts onto its default export, which keeps
 * them all (the form, fields, lists, hooks and the async validator: about 11 KiB compressed) in every page,
 * forms or not. `FormProvider` is `FormContext.js`'s own export, the same module the index re-exports.
 * More for what every admin page draws (issues 28 and 57): Typography, the button's style tokens, and the
 * Table's column filters, row selection and radio group.
 */
const REDIRECTS: { importer: RegExp; source: string; to: string }[] = [
  {
    importer: /[\\/]node_modules[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/,
    source: '@rc-component/form',
    to: '@rc-component/form/es/FormContext.js',
  },
  // Typography's editing input (TextArea, Input), loaded when a text is edited (src/lib/lean-antd/lazy-editable.tsx).
  {
    importer: /[\\/]node_modules[\\/]antd[\\/]es[\\/]typography[\\/]Base[\\/]index\.js$/,
    source: '../Editable',
    to: path.join(OURS, 'lazy-editable.tsx'),
  },
  // The Table's column filters (a Tree, a Menu, a search), loaded when a column filters
  // (src/lib/lean-antd/lazy-filter-dropdown.tsx).
  {
    importer: /[\\/]node_modules[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]index\.js$/,
    source: './FilterDropdown',
    to: path.join(OURS, 'lazy-filter-dropdown.tsx'),
  },
  // The Table's row selection needs four functions of the tree package, not its Tree (src/lib/lean-antd/tree-utils.ts).
  {
    importer: /[\\/]node_modules[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useSelection\.js$/,
    source: '@rc-component/tree',
    to: path.join(OURS, 'tree-utils.ts'),
  },
  // The radio group names itself with one function of the form's hooks, which import the whole form
  // (src/lib/lean-antd/name-path.ts).
  {
    importer: /[\\/]node_modules[\\/]antd[\\/]es[\\/]radio[\\/]group\.js$/,
    source: '../form/hooks/useForm',
    to: path.join(OURS, 'name-path.ts'),
  },
  // The button's tokens take `isBright` from the color picker's presets, which draw a Collapse.
  {
    importer: /[\\/]node_modules[\\/]antd[\\/]es[\\/]button[\\/]style[\\/]token\.js$/,
    source: '../../color-picker/components/ColorPresets',
    to: path.join(OURS, 'is-bright.ts'),
  },
];

export function leanAntd(): Plugin {
  return {
    name: 'shortlist-lean-antd',
    apply: 'build',
    resolveId: {
      order: 'pre',
      async handler(source, importer, options) {
        const redirect = REDIRECTS.find(
          (each) => each.source === source && importer && each.importer.test(importer),
        );
        if (!redirect) return null;
        const resolved = await this.resolve(redirect.to, importer, { ...options, skipSelf: true });
        if (!resolved)
          throw new Error(`lean-antd: ${redirect.to} is gone (Ant Design or @rc-component/form changed)`);
        return resolved;
      },
    },
  };
}
