// Routes call services; only services call repositories.
import path from 'node:path';
import { importVisitors, repoPath, resolveImport, serverRootSchema } from './imports.js';

const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'all']);
const FUNCTION_TYPES = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'Identifier']);

function hasProperty(object, name) {
  return object.properties.some((p) => p.type === 'Property' && !p.computed && (p.key.name ?? p.key.value) === name);
}

/**
 * A Fastify route registration: `app.post(path, [options,] handler)` with the handler a function
 * or a named one, or `app.route({ …, handler })`. A map's `delete(key)` or a store's
 * `put(name, bytes)` does not look like one.
 */
function registersRoute(node) {
  const { callee } = node;
  if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return false;
  if (callee.object.type !== 'Identifier') return false;
  const method = callee.property.name;
  const args = node.arguments;
  if (method === 'route') return args[0]?.type === 'ObjectExpression' && hasProperty(args[0], 'handler');
  return HTTP_METHODS.has(method) && args.length >= 2 && FUNCTION_TYPES.has(args[args.length - 1].type);
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'A file that registers routes (`*-routes.ts`, or one calling `app.get/post/…/route`) does not import a `*-repository` module.' },
    schema: serverRootSchema,
    messages: {
      repository: "Routes call services, not repositories: '{{specifier}}' is a repository. Call the module's service instead.",
    },
  },
  create(context) {
    const { root = 'apps/server/src' } = context.options[0] ?? {};
    const file = repoPath(context);
    if (!file || !file.startsWith(`${root}/`)) return {};
    const repositoryImports = [];
    let routeFile = /(?:^|-)routes\.[cm]?[jt]s$/.test(path.posix.basename(file));
    const imports = importVisitors((node, specifier) => {
      const target = resolveImport(file, specifier);
      if (target && /(?:^|-)repository$/.test(path.posix.basename(target))) repositoryImports.push({ node, specifier });
    });
    return {
      ...imports,
      CallExpression(node) {
        imports.CallExpression(node);
        if (!routeFile && registersRoute(node)) routeFile = true;
      },
      'Program:exit'() {
        if (!routeFile) return;
        for (const { node, specifier } of repositoryImports) context.report({ node, messageId: 'repository', data: { specifier } });
      },
    };
  },
};
