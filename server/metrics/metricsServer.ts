import http from 'node:http';
import type { FastifyBaseLogger } from 'fastify';

/** A listener apart from the public one that answers GET /metrics and nothing else. */
export interface MetricsServer {
  close(): Promise<void>;
}

/**
 * Listens on `where` (loopback by default: only this machine's scraper reaches it) and answers GET or HEAD
 * /metrics with `scrape()`; any other path is 404, any other method 405. Rejects when it cannot listen.
 */
export async function listenForMetrics(
  where: { port: number; host: string },
  scrape: () => Promise<{ contentType: string; body: string }>,
  log: FastifyBaseLogger,
): Promise<MetricsServer> {
  const server = http.createServer((req, res) => {
    const send = (status: number, body: string, contentType = 'text/plain; charset=utf-8') => {
      res.writeHead(status, { 'content-type': contentType, 'cache-control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    if ((req.url ?? '').split('?')[0] !== '/metrics') return send(404, 'Not found\n');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('allow', 'GET, HEAD');
      return send(405, 'Method not allowed\n');
    }
    scrape().then(
      ({ contentType, body }) => send(200, body, contentType),
      (err: unknown) => {
        log.error({ err }, 'metrics: scrape failed');
        send(500, 'The metrics could not be gathered; see the server log\n');
      },
    );
  });
  server.requestTimeout = 10_000;
  server.headersTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => reject(new MetricsListenError(where, err)));
    server.listen(where.port, where.host, () => resolve());
  });
  log.info({ port: where.port, host: where.host }, 'metrics listening');
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A scraper's idle keep-alive connection must not hold the shutdown.
        server.closeAllConnections();
      }),
  };
}

/** METRICS_PORT cannot be used: one line that says which setting to change. */
export class MetricsListenError extends Error {
  constructor(where: { port: number; host: string }, cause: NodeJS.ErrnoException) {
    const why =
      cause.code === 'EADDRINUSE'
        ? 'it is already in use'
        : cause.code === 'EACCES'
          ? 'permission denied (ports below 1024 need privileges)'
          : cause.code === 'EADDRNOTAVAIL'
            ? 'that address is not on this machine'
            : cause.message;
    super(
      `Cannot listen for /metrics on port ${where.port} on ${where.host}: ${why}. Set METRICS_PORT or METRICS_HOST.`,
      {
        cause,
      },
    );
    this.name = 'MetricsListenError';
  }
}
