import { describe, expect, it } from 'vitest';

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
