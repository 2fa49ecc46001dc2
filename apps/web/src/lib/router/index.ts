export { matchScreenRoute, type ScreenRoute } from './screen-route';
export { createBrowserHistory, createHashHistory, resolveTo, type RouteLocation, type RouterHistory, type To } from './history';
export { useLocation, useNavigate, useSearchParams, type Navigate, type NavigateOptions, type RouterState } from './context';
export { Link } from './Link';
export { Router, Screens, StaticRouter } from './Router';
export { loadScreen, type ScreenModules } from './screens';
