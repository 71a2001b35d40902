import { matchPath, type RouteObject } from 'react-router-dom';

import { routes } from '@/app/routes';

import { renderRoutes } from './render';

/**
 * The app's own route for `path` (its guard, loaders and lazy screen, as the route table wires them): the one of that
 * path, or else the first whose pattern (`/people/:id`) matches it.
 */
function appRoute(path: string, within: RouteObject[] = routes): RouteObject | undefined {
  return exactRoute(path, within) ?? patternRoute(path, within);
}

function exactRoute(path: string, within: RouteObject[]): RouteObject | undefined {
  for (const route of within) {
    if (route.path === path) return route;
    const inner = route.children && exactRoute(path, route.children);
    if (inner) return inner;
  }
  return undefined;
}

function patternRoute(path: string, within: RouteObject[]): RouteObject | undefined {
  for (const route of within) {
    if (route.path && route.path !== '*' && matchPath(route.path, path)) return route;
    const inner = route.children && patternRoute(path, route.children);
    if (inner) return inner;
  }
  return undefined;
}

/**
 * Renders the app's route for `path` (with its query, if any) in a memory router, without its layouts: the screen loads
 * through its loaders exactly as in the app. Other paths render a stub, so a redirect is visible as
 * `screen.getByTestId('location')`.
 */
export function renderAppRoute(path: string) {
  const route = appRoute(path.split('?')[0]);
  if (!route) throw new Error(`No route for ${path}`);
  return renderRoutes([route], path);
}
