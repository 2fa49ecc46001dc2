// The server's modules stand on floors, and a module imports only modules below its own, so no two
// modules can import each other, directly or round a longer loop (docs/decisions/211).
import { importVisitors, repoPath, resolveImport } from './imports.js';

const placesSchema = { type: 'array', items: { type: 'string' } };

/** A test file is placed where the file it tests would be: `config.test.ts` as `config.ts`. */
const untested = (file) => file.replace(/\.test(\.[cm]?[jt]sx?)$/, '$1');

/** Whether `file` (relative to the server's source) is one of `places`: a file name, or a folder ending in '/'. */
const placedIn = (file, places) => places.some((place) => (place.endsWith('/') ? file.startsWith(place) : untested(file) === place));

export default {
  meta: {
    type: 'problem',
    docs: {
      description:
        "A server module imports only modules on a strictly lower floor; every module is on a floor; the infrastructure below the modules imports none of them.",
    },
    schema: [
      {
        type: 'object',
        properties: {
          /** The server's source folder, relative to the repository; its `modules/` holds the modules. */
          root: { type: 'string' },
          /** The floors, bottom first: each a name and the modules on it. */
          floors: {
            type: 'array',
            items: {
              type: 'object',
              properties: { name: { type: 'string' }, modules: placesSchema },
              required: ['name', 'modules'],
              additionalProperties: false,
            },
          },
          /** Files and folders (ending in '/') under the root that lie below every module. */
          infrastructure: placesSchema,
          /** Files and folders under the root above every module: they may import any module (through its face). */
          above: placesSchema,
        },
        required: ['floors', 'infrastructure', 'above'],
        additionalProperties: false,
      },
    ],
    messages: {
      upward:
        "Module '{{from}}' (floor {{fromFloor}}, {{fromName}}) imports '{{to}}' (floor {{toFloor}}, {{toName}}), a floor above it ('{{specifier}}'). A module imports only modules on lower floors: move what both need down, or have a caller above both join them.",
      sideways:
        "Module '{{from}}' imports '{{to}}', both on floor {{fromFloor}} ({{fromName}}) ('{{specifier}}'). A module imports only modules on lower floors: move what both need down, or have a caller above both join them.",
      unlisted:
        "Module '{{module}}' is on no floor ('{{specifier}}'). Place it in lend/server-module-floors' floors in eslint.config.js (docs/ARCHITECTURE.md, Import rules).",
      unplacedModule:
        "Module '{{module}}' is on no floor. Place it in lend/server-module-floors' floors in eslint.config.js (docs/ARCHITECTURE.md, Import rules).",
      infrastructure:
        "'{{file}}' lies below the modules and imports none of them, but imports module '{{to}}' ('{{specifier}}'). Hand it in from app.ts or main.ts, or move the code it needs below the modules.",
      intoAbove:
        "Module '{{from}}' imports '{{target}}' ('{{specifier}}'), which stands above every module and joins them. A module is handed what it needs from there (app.ts passes it in), never imports it.",
      unplaced:
        "'{{file}}' imports module '{{to}}' ('{{specifier}}') but is neither infrastructure nor above the modules. Place it in lend/server-module-floors' infrastructure or above list in eslint.config.js.",
    },
  },
  create(context) {
    const { root = 'apps/server/src', floors, infrastructure, above } = context.options[0];
    const file = repoPath(context);
    if (!file || !file.startsWith(`${root}/`)) return {};
    const modules = `${root}/modules/`;
    const floorOf = new Map();
    floors.forEach(({ name, modules: names }, index) => names.forEach((module) => floorOf.set(module, { level: index + 1, name })));

    const local = file.slice(root.length + 1);
    const ownModule = file.startsWith(modules) ? file.slice(modules.length).split('/')[0] : null;
    const own = ownModule === null ? null : floorOf.get(ownModule);
    const kind = ownModule !== null ? 'module' : placedIn(local, infrastructure) ? 'infrastructure' : placedIn(local, above) ? 'above' : 'unplaced';

    /** Whether a file resolved without its extension is one of the places above the modules. */
    const isAbove = (target) => above.some((place) => (place.endsWith('/') ? target.startsWith(place) : target === place.replace(/\.[cm]?[jt]sx?$/, '')));

    const visitors = importVisitors((node, specifier) => {
      const target = resolveImport(file, specifier);
      if (!target || !target.startsWith(`${root}/`)) return;
      if (kind === 'module' && !target.startsWith(modules) && isAbove(target.slice(root.length + 1))) {
        return context.report({ node, messageId: 'intoAbove', data: { from: ownModule, target: target.slice(root.length + 1), specifier } });
      }
      if (!target.startsWith(modules)) return;
      const to = target.slice(modules.length).split('/')[0];
      if (to === '' || to === ownModule) return;
      const data = { specifier, file: local, to };
      if (kind === 'infrastructure') return context.report({ node, messageId: 'infrastructure', data });
      if (kind === 'unplaced') return context.report({ node, messageId: 'unplaced', data });
      const theirs = floorOf.get(to);
      if (!theirs) return context.report({ node, messageId: 'unlisted', data: { module: to, specifier } });
      if (kind === 'above') return;
      // An unlisted module of its own is told once, on its face, not on every import.
      if (!own) return;
      if (theirs.level < own.level) return;
      context.report({
        node,
        messageId: theirs.level === own.level ? 'sideways' : 'upward',
        data: { from: ownModule, fromFloor: own.level, fromName: own.name, to, toFloor: theirs.level, toName: theirs.name, specifier },
      });
    });
    return {
      ...visitors,
      Program(node) {
        if (ownModule !== null && !own && /^[^/]+\/index\.[cm]?[jt]sx?$/.test(file.slice(modules.length))) {
          context.report({ node, loc: { line: 1, column: 0 }, messageId: 'unplacedModule', data: { module: ownModule } });
        }
      },
    };
  },
};
