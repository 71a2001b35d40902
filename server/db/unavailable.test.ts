import net from 'node:net';
import { describe, expect, it } from 'vitest';

import { openPostgres } from './db';
import { isDatabaseUnavailable } from './unavailable';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('knows a database that cannot be reached or cut the connection', () => {
    for (const err of [
      withCode('ECONNREFUSED'),
      withCode('ECONNRESET'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('08006', 'connection failure'),
      withCode('53300', 'sorry, too many clients already'),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
      new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], ''),
    ])
      expect(isDatabaseUnavailable(err), err.message).toBe(true);
  });

  it('leaves the errors of a query itself alone', () => {
    for (const err of [
      withCode('23505', 'duplicate key value violates unique constraint'),
      withCode('22P02', 'invalid input syntax for type uuid'),
      withCode('40P01', 'deadlock detected'),
      withCode('FST_ERR_CTP_INVALID_JSON_BODY'),
      new Error('boom'),
      'ECONNREFUSED',
      null,
    ])
      expect(isDatabaseUnavailable(err)).toBe(false);
  });
});

describe('a PostgreSQL that accepts connections and never answers', () => {
  it('fails the connect after the connect timeout, as unavailable, instead of hanging', async () => {
    const sockets = new Set<net.Socket>();
    const blackHole = net.createServer((socket) => void sockets.add(socket));
    const port = 4250 + Math.floor(Math.random() * 50);
    await new Promise<void>((resolve) => blackHole.listen(port, '127.0.0.1', resolve));
    try {
      const started = Date.now();
      const err = await openPostgres(`postgres://app@127.0.0.1:${port}/none`, { connectTimeoutMs: 300 }).catch(
        (e: unknown) => e,
      );
      expect(isDatabaseUnavailable(err), String(err)).toBe(true);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => blackHole.close(resolve));
    }
  });
});
