// One owner per table: only the module (or provider) that owns a table names it; others ask the
// owner's face. The list of owners is data, read by this rule and by the server's own test of it.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoPath, resolveImport } from './imports.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** The owners file, read again only when it changed, so an editor's long-lived lint sees an edit. */
const cache = new Map();
function loadOwners(file) {
  const absolute = path.join(repoRoot, file);
  const { mtimeMs } = statSync(absolute);
  const cached = cache.get(absolute);
  if (cached?.mtimeMs === mtimeMs) return cached.owners;
  const { tables } = JSON.parse(readFileSync(absolute, 'utf8'));
  const bySqlName = new Map(Object.entries(tables).map(([table, { export: name, owner }]) => [table, { table, name, owner }]));
  const byExport = new Map([...bySqlName.values()].map((entry) => [entry.name, entry]));
  const owners = { bySqlName, byExport, ownerNames: [...new Set([...bySqlName.values()].map((e) => e.owner))] };
  cache.set(absolute, { mtimeMs, owners });
  return owners;
}

// A table named after the words that take one (`lock table x`, `insert into x`, `from public.x`),
// or a quoted table before a column (`"x".`).
const AFTER_KEYWORD = /\b(?:from|join|update|into|table)\s+(?:only\s+)?(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/gi;
const QUOTED_QUALIFIER = /"([a-z_][a-z0-9_]*)"\./g;
/** A string outside a `sql` template names a table only when it reads as a statement, not as prose. */
const STATEMENT = /^\s*(?:select|insert|update|delete|with|lock|truncate)\b/i;

function tablesNamedIn(text) {
  const names = [];
  for (const pattern of [AFTER_KEYWORD, QUOTED_QUALIFIER]) for (const match of text.matchAll(pattern)) names.push(match[1].toLowerCase());
  return names;
}

const isSqlTag = (tag) =>
  (tag.type === 'Identifier' && tag.name === 'sql') ||
  (tag.type === 'MemberExpression' && tag.object.type === 'Identifier' && tag.object.name === 'sql');

export default {
  meta: {
    type: 'problem',
    docs: {
      description:
        "Under the server's modules/ and providers/, a file names only its owner's tables: by the drizzle object imported from db/schema, or in SQL text. Tests are not checked.",
    },
    schema: [
      {
        type: 'object',
        properties: {
          /** The server's source folder, relative to the repository. */
          root: { type: 'string' },
          /** The owners file, relative to the repository: `{ tables: { <sql name>: { export, owner } } }`. */
          owners: { type: 'string' },
        },
        required: ['owners'],
        additionalProperties: false,
      },
    ],
    messages: {
      object:
        "'{{name}}' ({{table}}) belongs to '{{owner}}', not to '{{own}}'. Ask the face of '{{owner}}' for what is needed (the owners: {{file}}).",
      text:
        "SQL text names '{{table}}', which belongs to '{{owner}}', not to '{{own}}'. Ask the face of '{{owner}}' for what is needed (the owners: {{file}}).",
    },
  },
  create(context) {
    const { root = 'apps/server/src', owners: ownersFile } = context.options[0];
    const file = repoPath(context);
    if (!file || /\.test\.[cm]?[jt]sx?$/.test(file)) return {};
    const local = file.startsWith(`${root}/`) ? file.slice(root.length + 1) : null;
    if (!local || !(local.startsWith('modules/') || local.startsWith('providers/'))) return {};
    const { bySqlName, byExport, ownerNames } = loadOwners(ownersFile);
    // A module owns by its name; a provider by the deepest listed folder holding the file (none: it owns nothing).
    const own = local.startsWith('modules/')
      ? local.split('/')[1]
      : (ownerNames.filter((owner) => local.startsWith(`${owner}/`)).sort((a, b) => b.length - a.length)[0] ?? local.split('/').slice(0, 2).join('/'));
    const schema = `${root}/db/schema`;
    const namespaces = new Set();

    const foreign = (entry) => entry && entry.owner !== own;
    const reportObject = (node, entry) =>
      context.report({ node, messageId: 'object', data: { name: entry.name, table: entry.table, owner: entry.owner, own, file: ownersFile } });
    const checkText = (node, text) => {
      for (const table of new Set(tablesNamedIn(text))) {
        const entry = bySqlName.get(table);
        if (foreign(entry)) context.report({ node, messageId: 'text', data: { table, owner: entry.owner, own, file: ownersFile } });
      }
    };
    const fromSchema = (source) => {
      const target = source && typeof source.value === 'string' ? resolveImport(file, source.value) : null;
      return target === schema || (target ?? '').startsWith(`${schema}/`);
    };

    return {
      ImportDeclaration(node) {
        // A type names no rows: one-time-codes types the tables its callers hand it.
        if (node.importKind === 'type' || !fromSchema(node.source)) return;
        for (const specifier of node.specifiers) {
          if (specifier.type === 'ImportNamespaceSpecifier') namespaces.add(specifier.local.name);
          if (specifier.type !== 'ImportSpecifier' || specifier.importKind === 'type') continue;
          const entry = byExport.get(specifier.imported.name ?? specifier.imported.value);
          if (foreign(entry)) reportObject(specifier, entry);
        }
      },
      ExportNamedDeclaration(node) {
        if (node.exportKind === 'type' || !fromSchema(node.source)) return;
        for (const specifier of node.specifiers) {
          const entry = byExport.get(specifier.local.name ?? specifier.local.value);
          if (foreign(entry)) reportObject(specifier, entry);
        }
      },
      MemberExpression(node) {
        if (node.object.type !== 'Identifier' || !namespaces.has(node.object.name)) return;
        const name = node.computed ? (node.property.type === 'Literal' ? node.property.value : null) : node.property.name;
        const entry = byExport.get(name);
        if (foreign(entry)) reportObject(node, entry);
      },
      TaggedTemplateExpression(node) {
        if (isSqlTag(node.tag)) for (const quasi of node.quasi.quasis) checkText(quasi, quasi.value.cooked ?? quasi.value.raw);
      },
      TemplateLiteral(node) {
        if (node.parent.type === 'TaggedTemplateExpression') return;
        const text = node.quasis.map((quasi) => quasi.value.cooked ?? quasi.value.raw).join(' ');
        if (STATEMENT.test(text)) checkText(node, text);
      },
      Literal(node) {
        if (typeof node.value === 'string' && STATEMENT.test(node.value)) checkText(node, node.value);
      },
    };
  },
};
