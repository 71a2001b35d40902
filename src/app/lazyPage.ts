import type { ComponentType } from 'react';

type PageModule = { default: ComponentType };

/** A route whose screen is a separate chunk, loaded when the route is first visited. */
export function lazyPage(load: () => Promise<PageModule>) {
  return {
    lazy: async () => ({ Component: (await load()).default }),
  };
}
