import { AppRoute, HashRoute } from '@lend/contracts';
import { describe, expect, it } from 'vitest';
import { loadScreen, matchScreenRoute } from '../lib/router';
import { borrowerRoutes } from './borrower/routes';
import { detectArea } from './detect-area';
import { hashRoutes } from './hash/routes';
import { screenModules } from './screen-modules';

describe('route tables', () => {
  it.each([...borrowerRoutes, ...hashRoutes])('$path names a screen module and its export ($screen)', async (route) => {
    await expect(loadScreen(screenModules, route)).resolves.toBeTypeOf('function');
  });

  it('give every borrower page of AppRoute a screen (the site shows the privacy notice)', () => {
    const borrowerPaths = Object.values(AppRoute).filter((path) => detectArea({ pathname: path, hash: '' }) === 'borrower');
    expect(borrowerPaths.filter((path) => !matchScreenRoute(borrowerRoutes, path))).toEqual([]);
  });

  it('give every HashRoute a screen', () => {
    expect(Object.values(HashRoute).filter((path) => !matchScreenRoute(hashRoutes, path))).toEqual([]);
  });
});
