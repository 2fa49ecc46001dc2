import type { FastifyInstance } from 'fastify';

export type RegisteredRoute = { path: string; methods: string[] };

/**
 * Every route the app registered, read from Fastify's route tree: each line names a path
 * segment (appended to its parent's) and, when a route ends there, its methods.
 */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = (parents[depth - 1] ?? '') + (match[2] ?? '');
    parents[depth] = path;
    parents.length = depth + 1;
    if (match[3]) routes.push({ path, methods: match[3].split(', ').filter((method) => method !== 'HEAD') });
  }
  return routes;
}

/** Each registered route as `METHOD path`. */
export const routeKeys = (app: FastifyInstance): string[] => registeredRoutes(app).flatMap((route) => route.methods.map((method) => `${method} ${route.path}`));
