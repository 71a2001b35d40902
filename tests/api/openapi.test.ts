import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers';

interface Operation {
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}

let t: TestApp;
let doc: { openapi: string; paths: Record<string, Record<string, Operation>> };
beforeAll(async () => {
  t = await startTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t.close());

/** SPEC.md §7, plus the calls this project adds (logout, reset-password). Body-less calls have no requestBody. */
const CALLS: Array<[method: string, path: string, hasBody: boolean]> = [
  ['get', '/api/auth/check', false],
  ['get', '/api/auth/isProfileFilled', false],
  ['post', '/api/auth/loginuser', true],
  ['post', '/api/auth/createUser', true],
  ['post', '/api/auth/forgot-password', true],
  ['post', '/api/auth/reset-password', true],
  ['post', '/api/auth/logout', false],
  ['get', '/api/auth/getUserDetails', false],
  ['put', '/api/auth/updateUser', true],
  ['post', '/api/auth/putNote', true],
];

describe('GET /api/docs', () => {
  it('is an OpenAPI 3.1 document', () => {
    expect(doc.openapi).toBe('3.1.0');
  });

  it.each(CALLS)('describes %s %s with its request and response bodies', (method, path, hasBody) => {
    const op = doc.paths[path]?.[method];
    expect(op, `${method} ${path}`).toBeDefined();
    if (hasBody) expect(op.requestBody?.content['application/json'].schema).toBeTypeOf('object');
    const success = op.responses['200'] ?? op.responses['201'];
    expect(success?.content?.['application/json'].schema).toBeTypeOf('object');
  });
});
