import { OperatorRoutes, type OperatorRoute } from '@lend/contracts';
import type { FastifySchema } from 'fastify';
import { routeKey } from './route-roles';

/** Each route of the operator routes' catalogue (docs/decisions/186) by the roles table's key. */
export const OPERATOR_ROUTE_CATALOGUE: ReadonlyMap<string, OperatorRoute> = new Map(Object.values(OperatorRoutes).map((route) => [routeKey(route.method, route.path), route]));

/** The envelope's data schema of a registered answer, or the answer's own schema for a route that sends no envelope. */
function answerSchema(schema: FastifySchema | undefined, enveloped: boolean): unknown {
  const answer = (schema?.response as Record<number, unknown> | undefined)?.[200];
  if (!enveloped) return answer;
  return (answer as { shape?: { data?: unknown } } | undefined)?.shape?.data;
}

/**
 * What differs between a route as registered and its catalogue entry, or undefined when nothing
 * does: each schema must be the very object the catalogue holds, so the command line and the back
 * office type their calls by what the server checks.
 */
export function catalogueMismatch(key: string, schema: FastifySchema | undefined): string | undefined {
  const entry = OPERATOR_ROUTE_CATALOGUE.get(key);
  if (!entry) return 'has no entry in the operator routes catalogue';
  const parts: [string, unknown, unknown][] = [
    ['params', schema?.params, entry.params],
    ['query', schema?.querystring, entry.query],
    ['body', schema?.body, entry.body === 'multipart' ? undefined : entry.body],
    ['answer', answerSchema(schema, entry.envelope !== false), entry.data === 'file' || entry.data === 'csv' ? undefined : entry.data],
  ];
  const differing = parts.filter(([, registered, catalogued]) => registered !== catalogued).map(([name]) => name);
  return differing.length > 0 ? `registers other schemas than its catalogue entry (${differing.join(', ')})` : undefined;
}
