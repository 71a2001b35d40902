/**
 * Where the SPA's build writes the map of page paths to their lazy chunks (scripts/routeChunks.ts), relative to the
 * build's folder, and where the server reads it to preload a page's chunks; not served (a dot folder). The build
 * imports this from the server, never the other way round.
 */
export const ROUTE_CHUNKS_FILE = '.vite/route-chunks.json';
