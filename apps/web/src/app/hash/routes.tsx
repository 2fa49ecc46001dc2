import type { RouteObject } from 'react-router';
import { NotFoundScreen } from '../../features/not-found/NotFoundScreen';
import { AreaError } from '../AreaError';
import { AreaFallback, AreaShell } from '../AreaShell';

/**
 * Card repayment and promotion pages, reached as `/#/route?query`. Their screens arrive with
 * later work; until then every hash address gets the not-found screen in the visitor's language.
 */
export const hashRoutes: RouteObject[] = [
  {
    Component: AreaShell,
    HydrateFallback: AreaFallback,
    children: [{ ErrorBoundary: AreaError, children: [{ path: '*', Component: NotFoundScreen }] }],
  },
];
