import { randomUUID } from 'node:crypto';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

import { AUTH_HEADER } from '#contract/http';

import type { Config } from '../config';
import { redactUrl } from '../logRedact';

/** false for silence; otherwise JSON logs (to stdout unless a stream is given) with secrets redacted. */
export type LoggerChoice = false | { stream?: NodeJS.WritableStream; level?: string };

/** Never log credentials: tokens travel in a header, passwords and cards only in bodies (not logged). */
export const LOG_REDACT = [`req.headers["${AUTH_HEADER}"]`, 'req.headers.authorization', 'req.headers.cookie'];

/** Fastify's logging options: the logger, its serializers, and how each request gets its id. */
export function loggingOptions(
  config: Pick<Config, 'logLevel' | 'trustProxy'>,
  logger: LoggerChoice | undefined,
): Pick<FastifyServerOptions, 'logger' | 'requestIdHeader' | 'genReqId'> {
  return {
    logger:
      logger === false
        ? false
        : {
            level: logger?.level ?? config.logLevel,
            redact: LOG_REDACT,
            stream: logger?.stream,
            // Fastify's own request fields, with secrets in the address (a reset link's token) masked.
            serializers: {
              req: (req: FastifyRequest) => ({
                method: req.method,
                url: redactUrl(req.url),
                host: req.host,
                remoteAddress: req.ip,
                remotePort: req.socket?.remotePort,
              }),
            },
          },
    // Every log line of a request carries its id. Only a trusted proxy may name it (so logs join up);
    // otherwise a client could choose ids that collide with, or impersonate, other requests' logs.
    requestIdHeader: config.trustProxy ? 'x-request-id' : false,
    genReqId: () => randomUUID(),
  };
}
