#!/usr/bin/env node
// Checks the providers' schemas the stand-in tests use (apps/server/test/provider-specs/*.json)
// against the providers' published OpenAPI descriptions, read from files fetched beforehand:
//   node scripts/provider-specs.mjs --twilio <twilio-oai>/spec/json/twilio_api_v2010.json --stripe <stripe/openapi>/openapi/spec3.json
// Every property listed must be one the description has, of the same type, as nullable, with no
// value the description does not list (a schema's `required` names what the adapters read, which a
// stand-in must answer; Twilio's description marks nothing required); Twilio's Messages create parameters must be the description's. Prints each disagreement and
// exits 1 when there is one (docs/decisions/226).
import { readFileSync } from 'node:fs';

const specDir = new URL('../apps/server/test/provider-specs/', import.meta.url);
const args = process.argv.slice(2);
const descriptionOf = (provider) => {
  const at = args.indexOf(`--${provider}`);
  return at === -1 ? undefined : JSON.parse(readFileSync(args[at + 1], 'utf8'));
};

const problems = [];
const deref = (description, schema) => {
  let out = schema;
  while (out && out.$ref) out = out.$ref.split('/').slice(1).reduce((node, key) => node?.[key], description);
  return out;
};
/** The description's schema at a property, its `anyOf` (Stripe's expandable ids) taken as its first branch. */
const typeOf = (description, schema) => {
  const resolved = deref(description, schema);
  if (!resolved) return { type: undefined };
  if (resolved.anyOf) {
    const branches = resolved.anyOf.map((branch) => deref(description, branch));
    return { type: branches[0]?.type, nullable: resolved.nullable === true, enum: undefined };
  }
  return { type: resolved.type, nullable: resolved.nullable === true, enum: resolved.enum, properties: resolved.properties, required: resolved.required };
};

function compare(description, where, ours, theirs) {
  const their = typeOf(description, theirs);
  if (!their.type && !theirs) return void problems.push(`${where}: not in the description`);
  const ourType = ours.anyOf ? ours.anyOf.find((branch) => branch.type && branch.type !== 'null')?.type ?? 'object' : ours.type;
  const ourNullable = ours.nullable === true || (ours.anyOf ?? []).some((branch) => branch.type === 'null');
  if (their.type && ourType !== their.type) problems.push(`${where}: type ${ourType}, the description's ${their.type}`);
  if (ourNullable !== their.nullable) problems.push(`${where}: nullable ${ourNullable}, the description's ${their.nullable}`);
  for (const value of ours.enum ?? []) {
    if (value !== null && their.enum && !their.enum.includes(value)) problems.push(`${where}: value ${value} not among the description's ${their.enum.join(', ')}`);
  }
  if (ours.properties && their.properties) {
    for (const [name, property] of Object.entries(ours.properties)) compare(description, `${where}.${name}`, property, their.properties[name]);
  }
}

function check(provider, description) {
  const file = JSON.parse(readFileSync(new URL(`${provider}.json`, specDir), 'utf8'));
  for (const [name, schema] of Object.entries(file.definitions)) {
    const component = schema['x-component'];
    if (component) compare(description, `${provider} ${name}`, schema, description.components.schemas[component]);
  }
  for (const [name, operation] of Object.entries(file.operations ?? {})) {
    const described = description.paths[operation.path]?.[operation.method];
    if (!described) {
      problems.push(`${provider} ${name}: no ${operation.method} ${operation.path} in the description`);
      continue;
    }
    if (operation.formParameters) {
      const theirs = Object.keys(described.requestBody?.content?.['application/x-www-form-urlencoded']?.schema?.properties ?? {}).sort();
      const ours = [...operation.formParameters].sort();
      if (JSON.stringify(theirs) !== JSON.stringify(ours)) problems.push(`${provider} ${name}: parameters ${ours.join(', ')}; the description's ${theirs.join(', ')}`);
    }
    if (operation.response && !described.responses?.[operation.response.status]) problems.push(`${provider} ${name}: the description answers no ${operation.response.status}`);
  }
}

const checked = [];
for (const provider of ['twilio', 'stripe']) {
  const description = descriptionOf(provider);
  if (!description) continue;
  check(provider, description);
  checked.push(`${provider} (${description.info?.version ?? 'no version'})`);
}
if (checked.length === 0) {
  console.error('usage: node scripts/provider-specs.mjs [--twilio twilio_api_v2010.json] [--stripe spec3.json]');
  process.exit(2);
}
for (const problem of problems) console.log(problem);
console.log(`checked ${checked.join(', ')}: ${problems.length} disagreement${problems.length === 1 ? '' : 's'}`);
process.exit(problems.length === 0 ? 0 : 1);
