import type { ComponentType } from 'react';
import type { ActionFunction, LoaderFunction, LoaderFunctionArgs, ShouldRevalidateFunction } from 'react-router-dom';

import { CHUNK_TIMEOUT_MS, loadChunk } from '@/lib/chunks';

/** A screen's module: the screen, and the loader, action and revalidation rule kept beside it, if any. */
export interface PageModule {
  default: ComponentType;
  loader?: LoaderFunction;
  action?: ActionFunction;
  shouldRevalidate?: ShouldRevalidateFunction;
}

/**
 * A route whose screen is a separate chunk, loaded when the route is first visited; its loader and
 * action come with it. A chunk that fails to load, or has not arrived after 120 s, rejects with
 * ChunkLoadError ('Loading chunk N failed'), which the route's error element (RouteError) shows with
 * a Retry button.
 */
export function lazyPage(load: () => Promise<PageModule>, timeoutMs = CHUNK_TIMEOUT_MS) {
  return {
    lazy: async () => {
      const { default: Component, loader, action, shouldRevalidate } = await loadChunk(load, timeoutMs);
      return {
        Component,
        ...(loader && { loader }),
        ...(action && { action }),
        ...(shouldRevalidate && { shouldRevalidate }),
      };
    },
  };
}

/**
 * A lazy page that only a session may see: `guard` (e.g. requireCustomer, given the load's request)
 * runs before the screen's own loader, and redirects instead of letting the screen load.
 */
export function guardedPage(guard: (request: Request) => Promise<unknown>, page: ReturnType<typeof lazyPage>) {
  return {
    lazy: async () => {
      const route = await page.lazy();
      const own = route.loader;
      return {
        ...route,
        loader: async (args: LoaderFunctionArgs) => {
          await guard(args.request);
          return own ? own(args) : null;
        },
      };
    },
  };
}
