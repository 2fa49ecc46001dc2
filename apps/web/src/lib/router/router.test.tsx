import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { resolveTo, type RouteLocation } from './history';
import { Link } from './Link';
import { Screens, StaticRouter } from './Router';
import { matchScreenRoute, type ScreenRoute } from './screen-route';
import type { RouterState } from './context';

const routes: readonly ScreenRoute[] = [
  { path: '/loanDetails', screen: 'loan-details/LoanDetailsScreen', exportName: 'LoanDetailsScreen' },
  { path: '/borrowDetail/', screen: 'card-repayment/BorrowDetailScreen', exportName: 'BorrowDetailScreen' },
];

describe('matchScreenRoute', () => {
  it('finds a path with or without its trailing slash, in any case', () => {
    expect(matchScreenRoute(routes, '/loanDetails')?.exportName).toBe('LoanDetailsScreen');
    expect(matchScreenRoute(routes, '/loandetails/')?.exportName).toBe('LoanDetailsScreen');
    expect(matchScreenRoute(routes, '/borrowDetail')?.exportName).toBe('BorrowDetailScreen');
    expect(matchScreenRoute(routes, '/borrowDetail/')?.exportName).toBe('BorrowDetailScreen');
  });

  it('finds nothing for another path, a prefix or a longer path', () => {
    expect(matchScreenRoute(routes, '/')).toBeUndefined();
    expect(matchScreenRoute(routes, '/loan')).toBeUndefined();
    expect(matchScreenRoute(routes, '/loanDetails/1')).toBeUndefined();
  });
});

describe('resolveTo', () => {
  const here: RouteLocation = { pathname: '/borrowDetail/', search: '?orderId=1' };
  it('reads an address as path and query', () => {
    expect(resolveTo('/addnormalcard?orderId=2&language=1', here)).toEqual({ pathname: '/addnormalcard', search: '?orderId=2&language=1' });
    expect(resolveTo('/download', here)).toEqual({ pathname: '/download', search: '' });
  });
  it('changes only the query, or only the path', () => {
    expect(resolveTo({ search: '?orderId=1&repayRecordId=R' }, here)).toEqual({ pathname: '/borrowDetail/', search: '?orderId=1&repayRecordId=R' });
    expect(resolveTo({ search: 'a=1' }, here).search).toBe('?a=1');
    expect(resolveTo({ search: '' }, here).search).toBe('');
    expect(resolveTo({ pathname: '/download' }, here)).toEqual({ pathname: '/download', search: '' });
  });
});

const staticState = (location: RouteLocation): RouterState => ({
  location,
  navigate: () => undefined,
  href: (to) => {
    const { pathname, search } = resolveTo(to, location);
    return `/#${pathname}${search}`;
  },
});

describe('Link', () => {
  it('is a real link to the address as the area writes it', () => {
    const html = renderToStaticMarkup(
      <StaticRouter state={staticState({ pathname: '/borrowDetail/', search: '' })}>
        <Link to="/addnormalcard?orderId=1" className="button">
          Add
        </Link>
      </StaticRouter>,
    );
    expect(html).toBe('<a class="button" href="/#/addnormalcard?orderId=1">Add</a>');
  });
});

describe('Screens', () => {
  const render = (pathname: string) =>
    renderToStaticMarkup(
      <Screens
        routes={routes}
        modules={{}}
        location={{ pathname, search: '' }}
        NotFound={() => <p>not found</p>}
        Failed={() => <p>failed</p>}
        Fallback={() => <p>loading</p>}
      />,
    );

  it('shows the not-found screen for an address without a screen', () => {
    expect(render('/nowhere')).toBe('<p>not found</p>');
  });
});
