import type { ComponentType } from 'react';
import { CHUNK_TIMEOUT_MS, loadChunk } from '@/lib/chunks';

type PageModule = { default: ComponentType };

/**
 * A route whose screen is a separate chunk, loaded when the route is first visited. A chunk that
 * fails to load, or has not arrived after 120 s, rejects with ChunkLoadError ('Loading chunk N
 * failed'), which the route's error element (RouteError) shows with a Retry button.
 */
export function lazyPage(load: () => Promise<PageModule>, timeoutMs = CHUNK_TIMEOUT_MS) {
  return {
    lazy: async () => ({ Component: (await loadChunk(load, timeoutMs)).default }),
  };
}
