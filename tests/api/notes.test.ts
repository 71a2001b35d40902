import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { call, startTestApp, type TestApp } from './helpers';

const VALID = {
  type: 'Support',
  Pname: 'Ada Lovelace',
  Pemail: 'ada@example.com',
  details: 'My order has not arrived yet.',
};

interface StoredNote {
  id: string;
  type: string;
  name: string;
  email: string;
  details: string;
}

async function storedNotes(t: TestApp): Promise<StoredNote[]> {
  const { rows } = await t.app.db.query<StoredNote>(
    'select id::text as id, type, name, email, details from notes order by created_at',
  );
  return rows;
}

describe('POST /api/auth/putNote', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const put = (payload: unknown) =>
    call(t.app, { method: 'POST', url: '/api/auth/putNote', payload: payload as object });

  it('stores a valid enquiry as type, name, email and details with an id, without a token', async () => {
    const res = await put(VALID);
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(typeof res.body._id).toBe('string');

    const row = (await storedNotes(t)).find((n) => n.id === res.body._id);
    expect(row).toEqual({
      id: res.body._id,
      type: 'Support',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      details: 'My order has not arrived yet.',
    });
  });

  it('accepts each of the four kinds', async () => {
    for (const type of ['Hiring', 'Brand Partner', 'Support', 'Contact Us']) {
      const res = await put({ ...VALID, type, details: `A ${type} enquiry` });
      expect(res.status, type).toBe(201);
    }
    const types = (await storedNotes(t)).map((n) => n.type);
    expect(types).toEqual(expect.arrayContaining(['Hiring', 'Brand Partner', 'Support', 'Contact Us']));
  });

  it('refuses a type that is not one of the four kinds, and stores nothing', async () => {
    const before = (await storedNotes(t)).length;
    for (const type of ['Complaint', 'support', '', 42]) {
      const res = await put({ ...VALID, type });
      expect(res.status, String(type)).toBe(400);
      expect(res.body).toEqual({
        success: false,
        error: 'Type must be one of Hiring, Brand Partner, Support, Contact Us',
      });
    }
    expect((await storedNotes(t)).length).toBe(before);
  });

  it('refuses missing, extra and wrongly typed fields with a clear message', async () => {
    const before = (await storedNotes(t)).length;
    const { details: _omit, ...missingDetails } = VALID;
    const cases: unknown[] = [
      missingDetails,
      { ...VALID, isAdmin: true },
      { ...VALID, Pname: 7 },
      { ...VALID, Pemail: ['a@b.c'] },
      { ...VALID, details: null },
    ];
    for (const payload of cases) {
      const res = await put(payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.error).toMatch(/\S/);
    }
    expect((await storedNotes(t)).length).toBe(before);
  });

  it('refuses a body that is not a JSON object', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/auth/putNote',
      payload: '{"type":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: 'Request body is not valid JSON' });
  });

  it('bounds text lengths: too long a name, email or details is refused', async () => {
    const before = (await storedNotes(t)).length;
    const tooLong = [
      [{ ...VALID, Pname: 'n'.repeat(101) }, 'Name must be at most 100 characters'],
      [{ ...VALID, Pemail: `${'e'.repeat(250)}@x.io` }, 'Email is too long'],
      [{ ...VALID, details: 'd'.repeat(5001) }, 'Details must be at most 5000 characters'],
    ] as const;
    for (const [payload, error] of tooLong) {
      const res = await put(payload);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, error });
    }
    // At the limit is fine.
    expect((await put({ ...VALID, details: 'd'.repeat(5000) })).status).toBe(201);
    expect((await storedNotes(t)).length).toBe(before + 1);
  });

  it('refuses an email that is not an address (a mailto header smuggled in), and stores nothing', async () => {
    const before = (await storedNotes(t)).length;
    for (const Pemail of ['victim@x?bcc=attacker@evil.example', 'ada@example.com\r\nBcc: x@y.z', 'not an email']) {
      expect(await put({ ...VALID, Pemail })).toEqual({
        status: 400,
        body: { success: false, error: 'Enter a valid email address' },
      });
    }
    expect((await storedNotes(t)).length).toBe(before);
  });

  it('accepts an enquiry with no email, which staff see as N/A', async () => {
    const res = await put({ ...VALID, Pemail: '  ' });
    expect(res.status).toBe(201);
    expect((await storedNotes(t)).find((n) => n.id === res.body._id)).toMatchObject({ email: '' });
  });

  it('refuses a body over the size limit with 413', async () => {
    const res = await put({ ...VALID, details: 'x'.repeat(200 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ success: false, error: 'Request body is too large' });
  });
});

describe('POST /api/auth/putNote rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ NOTE_RATE_LIMIT: '3' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429 with a clear message past the per-client limit, and stores nothing more', async () => {
    for (let i = 0; i < 3; i += 1) {
      const res = await call(t.app, {
        method: 'POST',
        url: '/api/auth/putNote',
        payload: { ...VALID, details: `note ${i}` },
      });
      expect(res.status).toBe(201);
    }
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/auth/putNote',
      payload: { ...VALID, details: 'one too many' },
    });
    expect(res.status).toBe(429);
    expect(res.body.success).toBe(false);
    expect(res.body.error).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);
    const { rows } = await t.app.db.query<{ n: number }>('select count(*)::int as n from notes');
    expect(rows[0].n).toBe(3);
  });
});
