// A module's face offers values, not SQL fragments: a function returning drizzle's `SQL` carries the
// module's tables into another module's query, past lend/server-table-owners (docs/decisions/211).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { repoPath, resolveImport, serverRootSchema } from './imports.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** The source file a relative import from a repository path lands on, parsed (syntax only), or null. */
function parsedFile(fromPath, specifier) {
  const target = resolveImport(fromPath, specifier);
  if (!target) return null;
  for (const candidate of [`${target}.ts`, `${target}.tsx`, `${target}/index.ts`]) {
    const absolute = path.join(repoRoot, candidate);
    if (existsSync(absolute)) return { file: candidate, source: ts.createSourceFile(absolute, readFileSync(absolute, 'utf8'), ts.ScriptTarget.Latest) };
  }
  return null;
}

/** Whether a written type is `SQL` or `SQL<…>` (drizzle's fragment), alone or in a union. */
function isSqlType(type) {
  if (!type) return false;
  if (ts.isUnionTypeNode(type)) return type.types.some(isSqlType);
  if (ts.isParenthesizedTypeNode(type)) return isSqlType(type.type);
  return ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && type.typeName.text === 'SQL';
}

const exported = (node) => (ts.getCombinedModifierFlags(node) & ts.ModifierFlags.Export) !== 0;

/**
 * The names `file` exports as functions declared to return `SQL`, following its own re-exports;
 * `seen` stops a loop of re-exports.
 */
function sqlFunctions({ file, source }, seen = new Set()) {
  if (seen.has(file)) return new Set();
  seen.add(file);
  const found = new Set();
  const local = new Set();
  const imported = new Map();
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name && isSqlType(statement.type)) {
      local.add(statement.name.text);
      if (exported(statement)) found.add(statement.name.text);
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        if (!ts.isIdentifier(declaration.name) || !init || !(ts.isArrowFunction(init) || ts.isFunctionExpression(init)) || !isSqlType(init.type)) continue;
        local.add(declaration.name.text);
        if (exported(statement)) found.add(declaration.name.text);
      }
    } else if (ts.isImportDeclaration(statement) && statement.importClause?.namedBindings && ts.isNamedImports(statement.importClause.namedBindings)) {
      for (const element of statement.importClause.namedBindings.elements) {
        imported.set(element.name.text, { specifier: statement.moduleSpecifier.text, name: (element.propertyName ?? element.name).text });
      }
    }
  }
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement) || statement.isTypeOnly) continue;
    const from = statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : null;
    const inner = from ? parsedFile(file, from) : null;
    const innerFunctions = inner ? sqlFunctions(inner, seen) : new Set();
    if (!statement.exportClause) {
      for (const name of innerFunctions) found.add(name);
      continue;
    }
    if (!ts.isNamedExports(statement.exportClause)) continue;
    for (const element of statement.exportClause.elements) {
      const name = (element.propertyName ?? element.name).text;
      if (from ? innerFunctions.has(name) : local.has(name) || importsSql(file, imported.get(name), seen)) found.add(element.name.text);
    }
  }
  return found;
}

function importsSql(file, binding, seen) {
  if (!binding) return false;
  const inner = parsedFile(file, binding.specifier);
  return inner !== null && sqlFunctions(inner, new Set(seen)).has(binding.name);
}

export default {
  meta: {
    type: 'problem',
    docs: { description: "A server module's face (`modules/<name>/index.ts`) exports no function declared to return drizzle's `SQL`." },
    schema: serverRootSchema,
    messages: {
      fragment:
        "The face of '{{module}}' exports '{{name}}', which returns an SQL fragment: another module's query would name this module's tables. Offer the answer instead (a value, or a function that runs the query).",
    },
  },
  create(context) {
    const { root = 'apps/server/src' } = context.options[0] ?? {};
    const file = repoPath(context);
    const face = file && new RegExp(`^${root.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/modules/([^/]+)/index\\.ts$`).exec(file);
    if (!face) return {};
    return {
      Program() {
        const source = ts.createSourceFile(file, context.sourceCode.text, ts.ScriptTarget.Latest);
        const names = sqlFunctions({ file, source });
        if (names.size === 0) return;
        // Each name is reported where the face exports it, found by its text in the export lists.
        for (const node of context.sourceCode.ast.body) {
          const specifiers = node.type === 'ExportNamedDeclaration' ? node.specifiers : [];
          for (const specifier of specifiers) {
            const name = specifier.exported.name ?? specifier.exported.value;
            if (names.delete(name)) context.report({ node: specifier, messageId: 'fragment', data: { module: face[1], name } });
          }
          if (node.type === 'ExportNamedDeclaration' && node.declaration) {
            const declared = node.declaration.id?.name ?? node.declaration.declarations?.[0]?.id?.name;
            if (declared && names.delete(declared)) context.report({ node, messageId: 'fragment', data: { module: face[1], name: declared } });
          }
        }
        for (const name of names) context.report({ loc: { line: 1, column: 0 }, messageId: 'fragment', data: { module: face[1], name } });
      },
    };
  },
};
