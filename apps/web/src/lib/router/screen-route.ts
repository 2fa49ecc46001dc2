/**
 * One screen of an area's route table, as plain data: the address, the screen's module under
 * `src/features/` (without extension) and the component it exports. The router loads the module
 * on first visit, so each screen stays its own chunk; build steps read the same table.
 */
export type ScreenRoute = { path: string; screen: string; exportName: string };

/** Paths compare without trailing slashes and without case, as the native app's links vary. */
function normalise(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return (trimmed === '' ? '/' : trimmed).toLowerCase();
}

/** The route of a path, or undefined when the area has no screen there (its not-found screen). */
export function matchScreenRoute(routes: readonly ScreenRoute[], pathname: string): ScreenRoute | undefined {
  const path = normalise(pathname);
  return routes.find((route) => normalise(route.path) === path);
}
