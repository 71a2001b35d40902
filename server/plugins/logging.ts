import { randomUUID } from 'node:crypto';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

import { AUTH_HEADER, DEVICE_HEADER } from '#contract/http';

import type { Config } from '../config/config';
import { redactUrl } from '../lib/logRedact';

/**
 * false for silence; otherwise logs with secrets redacted: JSON lines to the stream given, or to stdout;
 * on a terminal (stdout a TTY, no stream given) pino-pretty's readable lines instead.
 */
export type LoggerChoice = false | { stream?: NodeJS.WritableStream; level?: string };

/** Never log credentials: tokens travel in a header, passwords and cards only in bodies (not logged). */
export const LOG_REDACT = [
  `req.headers["${AUTH_HEADER}"]`,
  `req.headers["${DEVICE_HEADER}"]`,
  'req.headers.authorization',
  'req.headers.cookie',
];

/**
 * A person reading a terminal gets one coloured line per entry. pino-pretty runs in pino's transport worker,
 * loaded by name only then; redaction happens before any line leaves pino, so it holds either way.
 */
const PRETTY_TRANSPORT = {
  target: 'pino-pretty',
  options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' },
};

/** Fastify's logging options: the logger, its serializers, and how each request gets its id. */
export function loggingOptions(
  config: Pick<Config, 'logLevel' | 'trustProxy'>,
  logger: LoggerChoice | undefined,
  stdoutIsTty = process.stdout.isTTY === true,
): Pick<FastifyServerOptions, 'logger' | 'requestIdHeader' | 'genReqId'> {
  const stream = logger ? logger.stream : undefined;
  const pretty = stdoutIsTty && stream === undefined;
  return {
    logger:
      logger === false
        ? false
        : {
            level: logger?.level ?? config.logLevel,
            redact: LOG_REDACT,
            ...(pretty ? { transport: PRETTY_TRANSPORT } : { stream }),
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
