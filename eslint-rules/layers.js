// Imports inside an app run one way between its top folders, and isolated folders' parts stay apart.
import { importVisitors, repoPath, resolveImport } from './imports.js';

export default {
  meta: {
    type: 'problem',
    docs: {
      description:
        "Under each tree's `root`, a file in top folder L imports only the top folders `layers[L]` lists (and its own); in an `isolated` folder, each sub-folder imports no other.",
    },
    // One or more trees, each under its own root. A file under two roots (the back office inside the
    // web app) is held by both: a second configuration block would replace the first's options instead.
    schema: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        properties: {
          /** The app's source folder, relative to the repository. */
          root: { type: 'string' },
          /** Top folder -> the top folders its files may import. A file outside every listed folder is not checked. */
          layers: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
          /** Top folders whose sub-folders (one screen or flow each) do not import one another. */
          isolated: { type: 'array', items: { type: 'string' } },
        },
        required: ['root', 'layers'],
        additionalProperties: false,
      },
    },
    messages: {
      layer: "{{from}}/ does not import {{to}}/ ('{{specifier}}'): imports run {{order}}.",
      sibling:
        "{{folder}}/{{own}} does not import {{folder}}/{{other}} ('{{specifier}}'): move what both need to a shared folder.",
    },
  },
  create(context) {
    const file = repoPath(context);
    if (!file) return {};
    const checks = context.options.map((tree) => treeCheck(context, file, tree)).filter(Boolean);
    if (checks.length === 0) return {};
    return importVisitors((node, specifier) => {
      const target = resolveImport(file, specifier);
      if (target) for (const check of checks) check(node, specifier, target);
    });
  },
};

/** The check of one tree for the file, or null when the file lies outside the tree's listed folders. */
function treeCheck(context, file, { root, layers, isolated = [] }) {
  if (!file.startsWith(`${root}/`)) return null;
  const [fromLayer, fromPart] = file.slice(root.length + 1).split('/');
  const allowed = layers[fromLayer];
  if (!allowed) return null;
  const order = Object.entries(layers)
    .map(([layer, imports]) => `${layer} -> ${imports.filter((l) => l !== layer).join(', ') || 'nothing'}`)
    .join('; ');
  return (node, specifier, target) => {
    if (!target.startsWith(`${root}/`)) return;
    const [toLayer, toPart] = target.slice(root.length + 1).split('/');
    if (toLayer !== fromLayer && !allowed.includes(toLayer)) {
      context.report({ node, messageId: 'layer', data: { from: fromLayer, to: toLayer, specifier, order } });
    } else if (toLayer === fromLayer && isolated.includes(fromLayer) && toPart !== undefined && toPart !== fromPart) {
      context.report({ node, messageId: 'sibling', data: { folder: fromLayer, own: fromPart, other: toPart, specifier } });
    }
  };
}
