// What a file imports, and where a relative import lands, for the boundary rules.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root: this folder's parent. Paths below are relative to it, with forward slashes. */
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** The linted file's path relative to the repository, or null when it lies outside it. */
export function repoPath(context) {
  const file = context.physicalFilename ?? context.filename;
  const rel = path.relative(repoRoot, file).split(path.sep).join('/');
  return rel.startsWith('../') || path.isAbsolute(rel) ? null : rel;
}

/** The server rules' one option: the server's source folder (default `apps/server/src`), whose `modules/` holds the modules. */
export const serverRootSchema = [
  {
    type: 'object',
    properties: { root: { type: 'string' } },
    additionalProperties: false,
  },
];

const sourceExtension = /\.(?:d\.)?(?:[cm]?[jt]sx?)$/;

/**
 * Where `specifier`, written in the file at `fromPath`, points: a repository path without its
 * extension or Vite query (`?raw`, `?url`), or null for a package import. Only relative
 * specifiers resolve; the apps have no path aliases.
 */
export function resolveImport(fromPath, specifier) {
  if (!specifier.startsWith('./') && !specifier.startsWith('../') && specifier !== '.' && specifier !== '..') return null;
  const bare = specifier.replace(/\?.*$/, '');
  const joined = path.posix.normalize(path.posix.join(path.posix.dirname(fromPath), bare));
  return joined.replace(sourceExtension, '').replace(/\/$/, '');
}

function literalString(node) {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
  return null;
}

function isImportMetaGlob(callee) {
  return (
    callee.type === 'MemberExpression' &&
    !callee.computed &&
    callee.property.name === 'glob' &&
    callee.object.type === 'MetaProperty' &&
    callee.object.meta.name === 'import' &&
    callee.object.property.name === 'meta'
  );
}

/**
 * Visitors that call `check(node, specifier)` for every module the file names: static imports,
 * re-exports, `import()`, type-only `import('…')` types, `import x = require('…')`, `require('…')`
 * and Vite's `import.meta.glob('…')` patterns.
 */
export function importVisitors(check) {
  const visit = (node) => {
    const value = literalString(node);
    if (value !== null) check(node, value);
  };
  return {
    ImportDeclaration: (node) => visit(node.source),
    ExportNamedDeclaration: (node) => node.source && visit(node.source),
    ExportAllDeclaration: (node) => visit(node.source),
    ImportExpression: (node) => visit(node.source),
    TSImportType: (node) => visit(node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument),
    TSExternalModuleReference: (node) => visit(node.expression),
    CallExpression(node) {
      const { callee } = node;
      if (callee.type === 'Identifier' && callee.name === 'require') visit(node.arguments[0]);
      else if (isImportMetaGlob(callee)) {
        const [patterns] = node.arguments;
        if (patterns?.type === 'ArrayExpression') patterns.elements.forEach((element) => visit(element));
        else visit(patterns);
      }
    },
  };
}
