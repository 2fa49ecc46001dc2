// Imports inside an app run one way between its top folders, and isolated folders' parts stay apart.
import { importVisitors, repoPath, resolveImport } from './imports.js';

export default {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Under `root`, a file in top folder L imports only the top folders `layers[L]` lists (and its own); in an `isolated` folder, each sub-folder imports no other.',
    },
    schema: [
      {
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
    ],
    messages: {
      layer: "{{from}}/ does not import {{to}}/ ('{{specifier}}'): imports run {{order}}.",
      sibling:
        "{{folder}}/{{own}} does not import {{folder}}/{{other}} ('{{specifier}}'): move what both need to a shared folder.",
    },
  },
  create(context) {
    const { root, layers, isolated = [] } = context.options[0];
    const file = repoPath(context);
    if (!file || !file.startsWith(`${root}/`)) return {};
    const [fromLayer, fromPart] = file.slice(root.length + 1).split('/');
    const allowed = layers[fromLayer];
    if (!allowed) return {};
    const order = Object.entries(layers)
      .map(([layer, imports]) => `${layer} -> ${imports.filter((l) => l !== layer).join(', ') || 'nothing'}`)
      .join('; ');
    return importVisitors((node, specifier) => {
      const target = resolveImport(file, specifier);
      if (!target || !target.startsWith(`${root}/`)) return;
      const [toLayer, toPart] = target.slice(root.length + 1).split('/');
      if (toLayer !== fromLayer && !allowed.includes(toLayer)) {
        context.report({ node, messageId: 'layer', data: { from: fromLayer, to: toLayer, specifier, order } });
      } else if (toLayer === fromLayer && isolated.includes(fromLayer) && toPart !== undefined && toPart !== fromPart) {
        context.report({ node, messageId: 'sibling', data: { folder: fromLayer, own: fromPart, other: toPart, specifier } });
      }
    });
  },
};
