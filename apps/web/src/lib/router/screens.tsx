import { Component, lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import type { ScreenRoute } from './screen-route';

/** Lazy modules of `src/features/<folder>/<Name>Screen.tsx`, keyed `<folder>/<Name>Screen`. */
export type ScreenModules = Readonly<Record<string, () => Promise<Record<string, unknown>>>>;

function isComponent(value: unknown): value is ComponentType {
  return typeof value === 'function';
}

const keyOf = (route: ScreenRoute) => `${route.screen}#${route.exportName}`;
const loadedScreens = new Map<string, ComponentType>();
const lazyScreens = new Map<string, LazyExoticComponent<ComponentType>>();

/** Downloads a route's screen; the area starts the first one beside its catalogue, before rendering. */
export async function loadScreen(modules: ScreenModules, route: ScreenRoute): Promise<ComponentType> {
  const load = modules[route.screen];
  if (!load) throw new Error(`no screen module ${route.screen}`);
  const screen = (await load())[route.exportName];
  if (!isComponent(screen)) throw new Error(`${route.screen} exports no ${route.exportName}`);
  loadedScreens.set(keyOf(route), screen);
  return screen;
}

/**
 * The screen's component: itself once downloaded, else one lazy component per screen export
 * (stable, so a screen keeps its state across renders) that suspends until it arrives.
 */
export function screenComponent(modules: ScreenModules, route: ScreenRoute): ComponentType {
  const key = keyOf(route);
  const loaded = loadedScreens.get(key);
  if (loaded) return loaded;
  let screen = lazyScreens.get(key);
  if (!screen) {
    screen = lazy(async () => ({ default: await loadScreen(modules, route) }));
    lazyScreens.set(key, screen);
  }
  return screen;
}

type BoundaryProps = { address: string; fallback: ReactNode; children: ReactNode };
type BoundaryState = { failedAt: string | null };

/** A screen that fails to load or render shows `fallback` instead, until the address changes. */
export class ScreenErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failedAt: null };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failedAt: '' };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.failedAt === '') return { failedAt: props.address };
    return state.failedAt !== null && state.failedAt !== props.address ? { failedAt: null } : null;
  }

  override render(): ReactNode {
    return this.state.failedAt === null ? this.props.children : this.props.fallback;
  }
}
