import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as schema from './schema';

type Owners = { tables: Record<string, { export: string; owner: string }> };

const owners = (JSON.parse(readFileSync(new URL('./table-owners.json', import.meta.url), 'utf8')) as Owners).tables;
const serverSource = fileURLToPath(new URL('..', import.meta.url));
const modulesFolder = fileURLToPath(new URL('../modules/', import.meta.url));

/** Every table of the schema, by its SQL name, with the name it is exported under. */
const schemaTables = new Map(
  Object.entries(schema)
    .filter(([, value]) => is(value, PgTable))
    .map(([name, table]) => [getTableName(table as PgTable), name]),
);

// lend/server-table-owners reads the list; this proves the list is the schema's, neither short nor stale (docs/decisions/211).
describe('the table owners list (db/table-owners.json)', () => {
  it('names every table of the schema, under the name the schema exports it by', () => {
    const missing = [...schemaTables.keys()].filter((table) => !(table in owners));
    expect(missing, 'tables with no owner: add them to db/table-owners.json').toEqual([]);
    for (const [table, exported] of schemaTables) expect(owners[table]?.export, `the export of ${table}`).toBe(exported);
  });

  it('names no table the schema lacks', () => {
    expect(Object.keys(owners).filter((table) => !schemaTables.has(table))).toEqual([]);
  });

  it('gives each table an owner that is a module or a folder under providers/', () => {
    for (const [table, { owner }] of Object.entries(owners)) {
      const folder = owner.startsWith('providers/') ? owner : `modules/${owner}`;
      expect(existsSync(`${serverSource}${folder}`), `${table}'s owner ${owner}`).toBe(true);
    }
  });
});

/** Whether a type is drizzle's `SQL`, or a union holding one (`SQL | undefined`). */
function isSql(type: ts.Type): boolean {
  if (type.isUnion()) return type.types.some(isSql);
  const symbol = type.aliasSymbol ?? type.getSymbol();
  return symbol?.getName() === 'SQL' && (symbol.declarations ?? []).some((d) => d.getSourceFile().fileName.includes('/drizzle-orm/'));
}

// A function that returns an SQL fragment puts the module's tables into another module's query: a
// module answers with values instead, so its tables stay its own (docs/decisions/211).
describe("the modules' faces", () => {
  it('export no function that returns an SQL fragment', { timeout: 180_000 }, () => {
    const faces = readdirSync(modulesFolder)
      .map((module) => `${modulesFolder}${module}/index.ts`)
      .filter((face) => existsSync(face));
    const config = ts.getParsedCommandLineOfConfigFile(fileURLToPath(new URL('../../tsconfig.json', import.meta.url)), {}, {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    });
    if (!config) throw new Error('apps/server/tsconfig.json was not read');
    const program = ts.createProgram(faces, config.options);
    const checker = program.getTypeChecker();
    const fragments: string[] = [];
    for (const face of faces) {
      const source = program.getSourceFile(face);
      const module = source && checker.getSymbolAtLocation(source);
      if (!source || !module) continue;
      for (const exported of checker.getExportsOfModule(module)) {
        const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
        if (!(symbol.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Variable))) continue;
        const type = checker.getTypeOfSymbolAtLocation(symbol, source);
        if (type.getCallSignatures().some((signature) => isSql(checker.getReturnTypeOfSignature(signature)))) {
          fragments.push(`${face.slice(modulesFolder.length)}: ${exported.getName()}`);
        }
      }
    }
    expect(fragments).toEqual([]);
  });
});
