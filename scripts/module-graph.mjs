// Prints which server modules import which, and exits 1 when modules import each other round a
// loop. `npm run lint` already makes a loop impossible (lend/server-module-floors: a module imports
// only lower floors); this shows the graph the floors keep, and checks it without the floor list.
//
//   node scripts/module-graph.mjs           one line per module: the modules it imports
//   node scripts/module-graph.mjs --json    { module: { imported module: [importing files] } }
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));
const modulesDir = path.join(root, 'apps/server/src/modules');

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    // A test joins no module to another at run time.
    return /\.[cm]?tsx?$/.test(name) && !/\.test\.[cm]?tsx?$/.test(name) ? [full] : [];
  });
}

const moduleOf = (file) => {
  const rel = path.relative(modulesDir, file);
  return rel.startsWith('..') ? null : rel.split(path.sep)[0];
};

/** module -> imported module -> the files (relative to the repository) that import it. */
const graph = new Map();
for (const module of readdirSync(modulesDir).filter((name) => statSync(path.join(modulesDir, name)).isDirectory()).sort()) {
  const edges = new Map();
  graph.set(module, edges);
  for (const file of sourceFiles(path.join(modulesDir, module))) {
    // TypeScript's own pre-parser: every import, re-export, `import()` and `import type`, none in comments.
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = moduleOf(path.resolve(path.dirname(file), fileName));
      if (!target || target === module) continue;
      if (!edges.has(target)) edges.set(target, new Set());
      edges.get(target).add(path.relative(root, file).split(path.sep).join('/'));
    }
  }
}

/** The strongly connected groups of more than one module (Tarjan): each holds an import loop. */
function loops() {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (module) => {
    index.set(module, next);
    low.set(module, next);
    next += 1;
    stack.push(module);
    onStack.add(module);
    for (const target of graph.get(module)?.keys() ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(module, Math.min(low.get(module), low.get(target)));
      } else if (onStack.has(target)) low.set(module, Math.min(low.get(module), index.get(target)));
    }
    if (low.get(module) !== index.get(module)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== module);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const module of graph.keys()) if (!index.has(module)) visit(module);
  return groups;
}

/** One loop through `group`, as the path of modules from its first back to it. */
function loopThrough(group) {
  const members = new Set(group);
  const start = group[0];
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const module = queue.shift();
    for (const target of graph.get(module).keys()) {
      if (target === start) {
        const path_ = [start];
        for (let at = module; at !== start; at = previous.get(at)) path_.splice(1, 0, at);
        return [...path_, start];
      }
      if (members.has(target) && !previous.has(target)) {
        previous.set(target, module);
        queue.push(target);
      }
    }
  }
  return group;
}

if (process.argv.includes('--json')) {
  const json = Object.fromEntries([...graph].map(([module, edges]) => [module, Object.fromEntries([...edges].map(([to, files]) => [to, [...files].sort()]))]));
  console.log(JSON.stringify(json, null, 2));
} else {
  for (const [module, edges] of graph) console.log(`${module} -> ${[...edges.keys()].sort().join(', ') || '(none)'}`);
}

const found = loops();
if (found.length === 0) {
  console.error(`\n${graph.size} modules, no import loop.`);
} else {
  console.error(`\n${found.length} import loop(s) between modules:`);
  for (const group of found) {
    const loop = loopThrough(group);
    console.error(`  ${loop.join(' -> ')}`);
    for (let i = 0; i + 1 < loop.length; i += 1) console.error(`    ${loop[i]} -> ${loop[i + 1]}: ${[...graph.get(loop[i]).get(loop[i + 1])].sort().join(', ')}`);
  }
  process.exitCode = 1;
}
