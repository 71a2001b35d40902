import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { api, type Endpoint, type RouteName } from '#contract/api';

import { startTestApp, type TestApp } from './helpers';

interface JsonSchema {
  type?: string | string[];
  anyOf?: JsonSchema[];
  pattern?: string;
  additionalProperties?: boolean;
  items?: JsonSchema;
  enum?: string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

interface Operation {
  tags?: string[];
  summary?: string;
  security?: Array<Record<string, string[]>>;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
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

type Token = 'customer' | 'admin' | null;
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
const documentedEntries = (Object.keys(api) as RouteName[])
  .map((name): Endpoint => api[name])
  .filter((entry) => !entry.hide);
/**
 * Every API call of the route table but the document itself: method, path as OpenAPI writes it, whether it takes
 * a JSON body, and which token it needs.
 */
const CALLS: Array<[method: string, path: string, hasBody: boolean, token: Token]> = documentedEntries.map((entry) => [
  entry.method.toLowerCase(),
  openApiPath(entry.path),
  entry.body !== undefined,
  entry.auth === 'none' ? null : entry.auth,
]);

/** The calendar feed answers text/calendar, the unsubscribe link a page and the export CSV: no JSON success. */
const NOT_JSON = new Set(
  documentedEntries
    .filter((entry) => entry.method === 'GET' && (!(entry.status in entry.answers) || entry.produces !== undefined))
    .map((entry) => openApiPath(entry.path)),
);

it('describes the calls the spec names, by their URLs', () => {
  // The table's names are the code's; the URLs are the spec's (docs/api.md), mapped once in contract/routes.ts.
  expect(CALLS.map(([method, path]) => `${method} ${path}`)).toEqual(
    expect.arrayContaining([
      'get /api/gifts/getgifts',
      'post /api/auth/putNote',
      'put /api/admin/updateGiftStatus/{id}',
    ]),
  );
  expect([...NOT_JSON].sort()).toEqual([
    '/api/admin/orders.csv',
    '/api/calendar/{file}',
    '/api/gifts/images/{id}',
    '/api/reminders/page.css',
    '/api/reminders/unsubscribe/{token}',
  ]);
});

const SCHEME: Record<Exclude<Token, null>, string> = { customer: 'customerToken', admin: 'adminToken' };

const operation = (method: string, path: string) => doc.paths[path]?.[method];
const successSchema = (op: Operation) =>
  (op.responses['200'] ?? op.responses['201'])?.content?.['application/json'].schema;

describe('GET /api/docs', () => {
  it('is an OpenAPI 3.1 document', () => {
    expect(doc.openapi).toBe('3.1.0');
  });

  it.each(CALLS)('describes %s %s with its request and response bodies', (method, path, hasBody, token) => {
    const op = operation(method, path);
    expect(op, `${method} ${path}`).toBeDefined();
    expect(op.tags?.length, 'tags').toBeGreaterThan(0);
    expect(op.summary, 'summary').toBeTruthy();
    if (hasBody) expect(op.requestBody?.content['application/json'].schema).toBeTypeOf('object');
    else expect(op.requestBody).toBeUndefined();
    // The calendar feed answers text/calendar, the unsubscribe link a page and the export CSV: no JSON answer to describe.
    if (method === 'get' && NOT_JSON.has(path)) return;
    const success = successSchema(op);
    expect(success).toBeTypeOf('object');
    // Field by field: an object's properties, or (getgifts answers a bare array) its items'.
    expect((success?.type === 'array' ? success.items : success)?.properties, 'a described answer').toBeDefined();
    if (token) {
      expect(op.security).toEqual([{ [SCHEME[token]]: [] }]);
      expect(op.responses['401']?.content?.['application/json'].schema.required).toEqual(['success', 'error']);
    } else {
      expect(op.security).toBeUndefined();
    }
  });

  it('documents no API call beyond the route table (so a new route cannot go undescribed)', () => {
    const documented = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/'))
      .flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method} ${path}`));
    expect(documented.sort()).toEqual(CALLS.map(([method, path]) => `${method} ${path}`).sort());
  });

  it("describes the bodies a client may send back: the server's own answers, with numbers also as digits", () => {
    const bodyOf = (method: string, path: string) =>
      operation(method, path).requestBody?.content['application/json'].schema;
    const keys = (schema?: JsonSchema) => Object.keys(schema?.properties ?? {});
    const profile = bodyOf('put', '/api/auth/updateUser');
    expect(keys(profile)).toEqual(
      expect.arrayContaining(keys(successSchema(operation('get', '/api/auth/getUserDetails'))?.properties?.data)),
    );
    expect(profile?.additionalProperties).toBe(false);
    for (const field of ['cardExpirationMonth', 'cardExpirationYear']) {
      // number or digits, or null: the digits branch is documented with its pattern.
      expect(JSON.stringify(profile?.properties?.[field]), field).toContain('"pattern":"^\\\\d{1,9}$"');
    }
    const update = bodyOf('put', '/api/gifts/updateGift/{id}');
    expect(keys(update)).toEqual(
      expect.arrayContaining([...keys(successSchema(operation('get', '/api/gifts/getgifts'))?.items), 'countryCode']),
    );
    expect(update?.additionalProperties).toBe(false);
    expect(keys(bodyOf('post', '/api/gifts/addgift'))).toContain('countryCode');
    expect(keys(bodyOf('post', '/api/gifts/addgift'))).not.toContain('status');
  });

  it("describes addgift's 403: the profile fields still missing, by updateUser's names", () => {
    const refusal = operation('post', '/api/gifts/addgift').responses['403']?.content?.['application/json'].schema;
    expect(refusal?.required).toEqual(['success', 'error', 'missing']);
    expect(refusal?.properties?.missing?.items).toMatchObject({
      enum: [
        'address',
        'phno',
        'cardHolderName',
        'cardNumber',
        'cardExpirationMonth',
        'cardExpirationYear',
        'billingZipCode',
      ],
    });
    const profileFields = Object.keys(
      operation('put', '/api/auth/updateUser').requestBody?.content['application/json'].schema.properties ?? {},
    );
    expect(profileFields).toEqual(expect.arrayContaining(refusal?.properties?.missing?.items?.enum ?? ['none']));
  });

  it('describes getOrders: status required; filters, sort, page or cursor optional; the next cursor out', () => {
    const op = operation('post', '/api/admin/getOrders');
    const body = op.requestBody?.content['application/json'].schema;
    expect(Object.keys(body?.properties ?? {}).sort()).toEqual([
      'cursor',
      'from',
      'limit',
      'page',
      'search',
      'sort',
      'status',
      'to',
    ]);
    expect(body?.required).toEqual(['status']);
    expect(body?.properties?.limit).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 50 });
    expect(body?.properties?.page).toMatchObject({ type: 'integer', minimum: 1 });
    expect(successSchema(op)?.required?.sort()).toEqual(['data', 'hasMore', 'limit', 'nextCursor', 'page', 'success']);
  });

  it('describes bulkUpdateStatus: ids and status required; the view the orders were chosen in (from) optional', () => {
    const body = operation('post', '/api/admin/bulkUpdateStatus').requestBody?.content['application/json'].schema;
    expect(Object.keys(body?.properties ?? {}).sort()).toEqual(['from', 'ids', 'reason', 'status']);
    expect(body?.required?.sort()).toEqual(['ids', 'status']);
    expect(body?.properties?.from).toMatchObject({ enum: ['new', 'processed', 'finished', 'rejected'] });
  });

  it('describes the admin answers field by field', () => {
    const details = successSchema(operation('post', '/api/admin/getOrderDetails'));
    expect(Object.keys(details?.properties ?? {}).sort()).toEqual([
      'earlierOrders',
      'notes',
      'orderDetails',
      'success',
      'timeline',
      'userDetails',
    ]);
    expect(details?.properties?.userDetails.required).toContain('cardNumber');
    expect(details?.properties?.timeline.items?.required).toEqual(['kind', 'at', 'day', 'words', 'by']);
    const timeline = successSchema(operation('get', '/api/gifts/{id}/timeline'));
    expect(timeline?.properties?.steps.items?.required).toEqual(['kind', 'at', 'day', 'words']);
    const note = operation('post', '/api/admin/orders/{id}/notes');
    expect(Object.keys(note.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '404']));
    const notes = successSchema(operation('post', '/api/admin/getNotes'));
    expect(notes?.properties?.data.type).toBe('array');
    const move = operation('put', '/api/admin/updateGiftStatus/{id}');
    expect(Object.keys(move.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '404', '409']));
  });
});
