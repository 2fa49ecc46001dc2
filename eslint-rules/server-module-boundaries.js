// A server module is used through its face, `modules/<name>/index.ts`.
import { importVisitors, repoPath, resolveImport, serverRootSchema } from './imports.js';

export default {
  meta: {
    type: 'problem',
    docs: {
      description:
        "Under the server's source, code outside `modules/<B>/` (another module, or app.ts, main.ts, jobs/, cli/, …) imports module B only through `modules/<B>/index`.",
    },
    schema: serverRootSchema,
    messages: {
      internal:
        "'{{specifier}}' reaches into module '{{module}}' ({{target}}). Import it through 'modules/{{module}}/index', adding what is needed to that face.",
    },
  },
  create(context) {
    const { root = 'apps/server/src' } = context.options[0] ?? {};
    const modules = `${root}/modules/`;
    const file = repoPath(context);
    if (!file || !file.startsWith(`${root}/`)) return {};
    const ownModule = file.startsWith(modules) ? file.slice(modules.length).split('/')[0] : null;
    return importVisitors((node, specifier) => {
      const target = resolveImport(file, specifier);
      if (!target || !target.startsWith(modules)) return;
      const [module, ...rest] = target.slice(modules.length).split('/');
      if (module === ownModule) return;
      const inside = rest.join('/');
      if (inside === '' || inside === 'index') return;
      context.report({ node, messageId: 'internal', data: { specifier, module, target: `modules/${module}/${inside}` } });
    });
  },
};
