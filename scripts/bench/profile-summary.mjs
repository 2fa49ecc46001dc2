// Where a V8 CPU profile's time went (`node --cpu-prof`): self time summed per source file of the
// compiled server (its bundle names each source file above its code) or per npm package, and the
// functions that cost most. `node scripts/bench/profile-summary.mjs <file.cpuprofile> [--top N] [--last S]`;
// `--last S` keeps the samples of the profile's last S seconds (the measured load, which the
// benchmark ends by stopping the server), leaving out the set-up before it. Run it on the build that
// wrote the profile: a rebuilt bundle's files are named differently.
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '25' }, last: { type: 'string' } } });
const [file] = positionals;
if (!file) throw new Error('usage: profile-summary.mjs <file.cpuprofile> [--top N]');
const top = Number(values.top);
const profile = JSON.parse(readFileSync(file, 'utf8'));

/** The source file starting at each line of a bundle, from its `// path` markers. */
const bundles = new Map();
function sourceAt(url, line) {
  if (!url.startsWith('file://') || !url.endsWith('.mjs') || !url.includes('/dist/') || !existsSync(new URL(url))) return undefined;
  let markers = bundles.get(url);
  if (!markers) {
    markers = [];
    const lines = readFileSync(new URL(url), 'utf8').split('\n');
    lines.forEach((text, index) => {
      if (/^\/\/ (apps|packages)\/\S+\.tsx?$/.test(text)) markers.push([index, text.slice(3)]);
    });
    bundles.set(url, markers);
  }
  let found;
  for (const [start, path] of markers) {
    if (start > line) break;
    found = path;
  }
  return found;
}

function where(frame) {
  const { url, functionName, lineNumber } = frame;
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (functionName === '(idle)' || functionName === '(program)') return functionName;
  if (!url) return functionName === '' ? '(native)' : `native: ${functionName}`;
  const source = sourceAt(url, lineNumber);
  if (source) return source;
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return `npm: ${modules[1]}`;
  if (url.startsWith('node:')) return `node: ${url.slice(5).split('/')[0]}`;
  return url;
}

const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const selfUs = new Map();
const deltas = profile.timeDeltas;
const from = values.last === undefined ? -Infinity : profile.endTime - Number(values.last) * 1e6;
let at = profile.startTime;
for (let i = 0; i < profile.samples.length; i += 1) {
  at += deltas[i] ?? 0;
  if (at < from) continue;
  const id = profile.samples[i];
  selfUs.set(id, (selfUs.get(id) ?? 0) + (deltas[i] ?? 0));
}
const byPlace = new Map();
const byFunction = new Map();
let total = 0;
for (const [id, us] of selfUs) {
  const frame = nodes.get(id).callFrame;
  const place = where(frame);
  if (place === '(idle)') continue;
  total += us;
  byPlace.set(place, (byPlace.get(place) ?? 0) + us);
  const name = `${frame.functionName || '(anonymous)'} ${place}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + us);
}
const show = (map) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, us]) => `${((us / total) * 100).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(6)} ms  ${name}`)
    .join('\n');
console.log(`Busy (not idle): ${(total / 1000).toFixed(0)} ms\n\nBy file or package:\n${show(byPlace)}\n\nBy function:\n${show(byFunction)}`);
