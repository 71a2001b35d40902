import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ERASURE_CANCEL_REASON } from '#contract/privacy';
import { ORDER_NOTE_MAX } from '#contract/timeline';

import { ADMIN_ENV, adminLogin, seedCustomer, TEST_ADMIN } from './admin.helpers';
import { call, PASSWORD, startTestApp, type TestApp } from './helpers';
import { listOrders, placeOrder } from './orders.helpers';

/** Issue 23, point 5: the order's timeline (customer and staff), staff's internal notes, and the journey's privacy. */

let t: TestApp;
let adminToken: string;
let adminId: string;
beforeAll(async () => {
  t = await startTestApp(ADMIN_ENV);
  adminToken = await adminLogin(t.app);
  const { rows } = await t.app.db.query<{ id: string }>('select id::text as id from admins where email = $1', [
    TEST_ADMIN.email,
  ]);
  adminId = rows[0].id;
});
afterAll(() => t.close());

const timelineOf = (token: string, id: string) =>
  call(t.app, { method: 'GET', url: `/api/gifts/${id}/timeline`, token });

const detailsOf = (id: string) =>
  call(t.app, { method: 'POST', url: '/api/admin/getOrderDetails', payload: { order_id: id }, token: adminToken });

const addNote = (id: string, payload: unknown, token = adminToken) =>
  call(t.app, { method: 'POST', url: `/api/admin/orders/${id}/notes`, payload: payload as object, token });

async function move(id: string, status: string, extra: { reason?: string; deliveredOn?: string; note?: string } = {}) {
  const res = await call(t.app, {
    method: 'PUT',
    url: `/api/admin/updateGiftStatus/${id}`,
    token: adminToken,
    payload: { status, ...extra },
  });
  if (res.status !== 200) throw new Error(`move failed: ${JSON.stringify(res.body)}`);
}

/** A journey step as the proposal and ship code record it (order_events), at a given time. */
async function seedEvent(
  orderId: string,
  kind: string,
  actor: 'customer' | 'staff' | 'system',
  detail: object,
  at: string,
) {
  await t.app.db.query(
    `insert into order_events (order_id, kind, actor, admin_id, detail, at) values ($1, $2, $3, $4, $5::jsonb, $6)`,
    [orderId, kind, actor, actor === 'staff' ? adminId : null, JSON.stringify(detail), at],
  );
}

/** Puts the order's recorded history (its creation and moves) at fixed times, so the days are known. */
async function setHistoryTimes(orderId: string, placedAt: string) {
  await t.app.db.query('update gift_orders set created_at = $2 where id = $1', [orderId, placedAt]);
  await t.app.db.query('update order_status_events set changed_at = $2 where order_id = $1 and from_status is null', [
    orderId,
    placedAt,
  ]);
}

type Step = { kind: string; at: string; day: string; words: string; by?: string };

/**
 * An order through the whole journey: placed, proposed, asked for another, proposed again, approved (which moved
 * it to processed), shipped, delivered and finished, rated; plus a staff note. The customer's time zone is
 * Auckland, where 20:00 UTC is already the next day.
 */
async function journeyOrder() {
  const customer = await seedCustomer(t.app);
  await t.app.db.query(`update users set time_zone = 'Pacific/Auckland' where id = $1`, [customer.userId]);
  const id = await placeOrder(t.app, customer.token, { recipientName: 'Nora' });
  await setHistoryTimes(id, '2026-03-01T09:00:00Z');
  await seedEvent(id, 'proposed', 'staff', { title: 'Tulip bouquet', price: '45.00' }, '2026-03-01T20:00:00Z');
  await seedEvent(id, 'asked_for_another', 'customer', { note: 'She has tulips' }, '2026-03-02T10:00:00Z');
  await seedEvent(id, 'proposed', 'staff', { title: 'Orchid', price: '52.50' }, '2026-03-03T10:00:00Z');
  await move(id, 'processed');
  // The approval and the move it caused share one instant: the approval is told first.
  await t.app.db.query(
    `update order_status_events set changed_at = $2, actor = 'customer', admin_id = null
                         where order_id = $1 and to_status = 'processed'`,
    [id, '2026-03-04T10:00:00Z'],
  );
  await seedEvent(id, 'approved', 'customer', {}, '2026-03-04T10:00:00Z');
  await seedEvent(
    id,
    'shipped',
    'staff',
    { carrier: 'DHL', trackingNumber: 'JD0001', shippedOn: '2026-03-05' },
    '2026-03-06T08:00:00Z',
  );
  // Finish records the delivery (its own 'delivered' step); both are put at a known time.
  await move(id, 'finished', { deliveredOn: '2026-03-07', note: 'Left with the porter' });
  await t.app.db.query(`update order_events set at = $2 where order_id = $1 and kind = 'delivered'`, [
    id,
    '2026-03-07T15:00:00Z',
  ]);
  await t.app.db.query(
    `update order_status_events set changed_at = $2 where order_id = $1 and to_status = 'finished'`,
    [id, '2026-03-07T15:00:01Z'],
  );
  await seedEvent(id, 'rated', 'customer', { rating: 'loved', note: 'She cried' }, '2026-03-09T12:00:00Z');
  const note = await addNote(id, { body: 'Customer called: porter takes deliveries' });
  expect(note.status).toBe(201);
  return { customer, id };
}

describe('GET /api/gifts/:id/timeline', () => {
  it("answers the order's steps oldest first, each with its day in the customer's time zone and a customer's words", async () => {
    const { customer, id } = await journeyOrder();
    const res = await timelineOf(customer.token, id);
    expect(res.status).toBe(200);
    const steps = res.body.steps as Step[];
    expect(steps.map((s) => [s.day, s.kind, s.words])).toEqual([
      ['2026-03-01', 'placed', 'Placed'],
      ['2026-03-02', 'proposed', 'Gift proposed: Tulip bouquet, $45.00'],
      ['2026-03-02', 'asked_for_another', 'You asked for something else: She has tulips'],
      ['2026-03-03', 'proposed', 'Gift proposed: Orchid, $52.50'],
      ['2026-03-04', 'approved', 'You approved the gift'],
      ['2026-03-04', 'processed', 'Processed'],
      ['2026-03-05', 'shipped', 'Shipped with DHL'],
      ['2026-03-07', 'delivered', 'Delivered'],
      ['2026-03-08', 'finished', 'Finished'],
      ['2026-03-10', 'rated', 'You said: Loved it: She cried'],
    ]);
    expect(steps[0].at).toBe('2026-03-01T09:00:00.000Z');
    // Never who on staff acted, the tracking number staff keep, staff's delivery note or an internal note.
    const text = JSON.stringify(res.body);
    for (const hidden of [TEST_ADMIN.email, '"by"', 'porter', 'JD0001']) expect(text).not.toContain(hidden);
  });

  it('shows a rejection with its reason, an automatic approval, and "Placed" for an order older than its history', async () => {
    const customer = await seedCustomer(t.app);
    const id = await placeOrder(t.app, customer.token);
    await seedEvent(id, 'proposed', 'staff', { title: 'Mug', price: '12.00' }, '2026-04-01T10:00:00Z');
    await seedEvent(id, 'approved', 'system', {}, '2026-04-01T10:00:00Z');
    await seedEvent(id, 'withdrawn', 'customer', {}, '2026-04-01T11:00:00Z');
    await move(id, 'rejected', { reason: 'We cannot deliver there' });
    // Placed before creations were recorded: no event with from_status null.
    await t.app.db.query('delete from order_status_events where order_id = $1 and from_status is null', [id]);
    await t.app.db.query('update gift_orders set created_at = $2 where id = $1', [id, '2026-03-31T10:00:00Z']);
    const res = await timelineOf(customer.token, id);
    expect((res.body.steps as Step[]).map((s) => s.words)).toEqual([
      'Placed',
      'Gift proposed: Mug, $12.00',
      'Gift approved automatically (your setting)',
      'Proposal withdrawn when the order was edited',
      'Rejected: We cannot deliver there',
    ]);
    expect((res.body.steps as Step[])[0].at).toBe('2026-03-31T10:00:00.000Z');
  });

  it("answers the same 404 for another customer's order, an unknown id and a malformed one; 401 without a customer token", async () => {
    const owner = await seedCustomer(t.app);
    const other = await seedCustomer(t.app);
    const id = await placeOrder(t.app, owner.token);
    const theirs = await timelineOf(other.token, id);
    const unknown = await timelineOf(other.token, '00000000-0000-4000-8000-000000000000');
    const malformed = await timelineOf(other.token, 'not-an-id');
    for (const res of [theirs, unknown, malformed]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, error: 'Order not found' });
    }
    expect((await timelineOf(adminToken, id)).status).toBe(401);
    expect((await call(t.app, { method: 'GET', url: `/api/gifts/${id}/timeline` })).status).toBe(401);
  });
});

describe("staff's timeline in POST /api/admin/getOrderDetails", () => {
  it('shows the same steps with who acted and what staff keep, and the notes newest last', async () => {
    const { id } = await journeyOrder();
    await addNote(id, { body: 'Second note' });
    const res = await detailsOf(id);
    expect(res.status).toBe(200);
    expect((res.body.timeline as Step[]).map((s) => [s.words, s.by])).toEqual([
      ['Placed', 'the customer'],
      ['Gift proposed: Tulip bouquet, $45.00', TEST_ADMIN.email],
      ['Asked for something else: She has tulips', 'the customer'],
      ['Gift proposed: Orchid, $52.50', TEST_ADMIN.email],
      ['Gift approved', 'the customer'],
      ['Moved to processed', 'the customer'],
      ['Shipped with DHL (JD0001)', TEST_ADMIN.email],
      ['Delivered: Left with the porter', TEST_ADMIN.email],
      ['Moved to finished', TEST_ADMIN.email],
      ['Rated: Loved it: She cried', 'the customer'],
    ]);
    const notes = res.body.notes as Array<{ body: string; by: string; at: string }>;
    expect(notes.map((n) => [n.body, n.by])).toEqual([
      ['Customer called: porter takes deliveries', TEST_ADMIN.email],
      ['Second note', TEST_ADMIN.email],
    ]);
    expect(notes[0].at <= notes[1].at).toBe(true);
  });

  it('records who moved a status: the customer placing it, staff moving it, the system when an erasure cancels it', async () => {
    const customer = await seedCustomer(t.app);
    const id = await placeOrder(t.app, customer.token);
    await move(id, 'processed', { reason: 'Sourcing it' });
    await call(t.app, {
      method: 'DELETE',
      url: '/api/auth/account',
      token: customer.token,
      payload: { password: PASSWORD },
    });
    const { rows } = await t.app.db.query<{ to_status: string; actor: string }>(
      'select to_status, actor from order_status_events where order_id = $1 order by changed_at, id',
      [id],
    );
    expect(rows).toEqual([
      { to_status: 'new', actor: 'customer' },
      { to_status: 'processed', actor: 'staff' },
      { to_status: 'rejected', actor: 'system' },
    ]);
    const res = await detailsOf(id);
    expect((res.body.timeline as Step[]).map((s) => [s.words, s.by])).toEqual([
      ['Placed', 'the customer'],
      // The reason staff typed is erased with the account (it may name the person); the erasure's own stays.
      ['Moved to processed', TEST_ADMIN.email],
      [`Moved to rejected: ${ERASURE_CANCEL_REASON}`, 'automatically'],
    ]);
  });

  it("withdraws an open proposal when an erasure cancels its order, and deletes the proposal's picture", async () => {
    const customer = await seedCustomer(t.app);
    const id = await placeOrder(t.app, customer.token);
    const picture = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    const proposed = await call(t.app, {
      method: 'POST',
      url: `/api/admin/gifts/${id}/proposal`,
      token: adminToken,
      payload: { title: 'Candle', description: 'A candle', price: '20', picture },
    });
    const imageUrl = (proposed.body.proposal as { imageUrl: string }).imageUrl;
    await call(t.app, {
      method: 'DELETE',
      url: '/api/auth/account',
      token: customer.token,
      payload: { password: PASSWORD },
    });
    expect((await t.app.inject({ method: 'GET', url: imageUrl })).statusCode).toBe(404);
    const res = await detailsOf(id);
    expect((res.body.orderDetails as { proposal: unknown }).proposal).toMatchObject({ state: 'withdrawn' });
    expect((res.body.timeline as Step[]).map((s) => [s.words, s.by])).toEqual([
      ['Placed', 'the customer'],
      ['Gift proposed: Candle, $20.00', TEST_ADMIN.email],
      ['Proposal withdrawn: the customer erased their account', 'automatically'],
      [`Moved to rejected: ${ERASURE_CANCEL_REASON}`, 'automatically'],
    ]);
  });
});

describe('POST /api/admin/orders/:id/notes', () => {
  it('adds the note and answers it with its author and time', async () => {
    const customer = await seedCustomer(t.app);
    const id = await placeOrder(t.app, customer.token);
    const res = await addNote(id, { body: '  Wrap it in blue  ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      note: { _id: expect.any(String), body: 'Wrap it in blue', by: TEST_ADMIN.email, at: expect.any(String) },
    });
    expect(Date.now() - Date.parse((res.body.note as { at: string }).at)).toBeLessThan(60_000);
  });

  it('refuses a missing, blank, too long or non-text body with a 400 naming it, and writes nothing', async () => {
    const customer = await seedCustomer(t.app);
    const id = await placeOrder(t.app, customer.token);
    const refusals: Array<[object, RegExp]> = [
      [{}, /\bbody\b/],
      [{ body: '   ' }, /body is required/],
      [{ body: 'x'.repeat(ORDER_NOTE_MAX + 1) }, new RegExp(`body must be at most ${ORDER_NOTE_MAX} characters`)],
      [{ body: 7 }, /\bbody\b/],
      [{ body: 'a', author: 'x' }, /\bauthor\b/],
    ];
    for (const [payload, error] of refusals) {
      const res = await addNote(id, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.error, JSON.stringify(payload)).toMatch(error);
    }
    const ok = await addNote(id, { body: 'x'.repeat(ORDER_NOTE_MAX) });
    expect(ok.status).toBe(201);
    expect((await detailsOf(id)).body.notes).toHaveLength(1);
  });

  it('answers 404 for an unknown or malformed order, and refuses a customer token', async () => {
    const customer = await seedCustomer(t.app);
    const id = await placeOrder(t.app, customer.token);
    expect((await addNote('00000000-0000-4000-8000-000000000000', { body: 'n' })).status).toBe(404);
    expect((await addNote('nope', { body: 'n' })).status).toBe(404);
    expect((await addNote(id, { body: 'n' }, customer.token)).status).toBe(401);
    const { rows } = await t.app.db.query<{ n: number }>(
      'select count(*)::int as n from order_notes where order_id = $1',
      [id],
    );
    expect(rows[0].n).toBe(0);
  });

  it("never shows a note to the customer: not in getgifts, the timeline or the customer's export", async () => {
    const { customer, id } = await journeyOrder();
    const secret = 'Customer called: porter takes deliveries';
    expect(JSON.stringify(await listOrders(t.app, customer.token))).not.toContain(secret);
    expect(JSON.stringify((await timelineOf(customer.token, id)).body)).not.toContain(secret);
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/auth/export',
      headers: { 'auth-token': customer.token },
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.body).not.toContain(secret);
  });
});

describe("the journey in the customer's export and erasure", () => {
  it('exports the proposal, shipment, delivery, feedback and events of each order, without who on staff acted', async () => {
    const { customer, id } = await journeyOrder();
    await t.app.db.query(
      `update gift_orders set proposal_title = 'Orchid', proposal_price_cents = 5250, proposal_state = 'approved',
              proposal_description = 'A white orchid', proposed_at = now(), shipped_carrier = 'DHL',
              shipped_tracking_number = 'JD0001', shipped_tracking_url = 'https://dhl.example/JD0001',
              shipped_on = '2026-03-05', delivered_on = '2026-03-07', feedback_rating = 'loved',
              feedback_note = 'She cried', feedback_at = now() where id = $1`,
      [id],
    );
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/auth/export',
      headers: { 'auth-token': customer.token },
    });
    const order = (exported.json().orders as Array<Record<string, unknown>>).find((o) => o.id === id)!;
    expect(order).toMatchObject({
      proposalTitle: 'Orchid',
      proposalPrice: '52.50',
      shippedCarrier: 'DHL',
      shippedTrackingNumber: 'JD0001',
      shippedTrackingUrl: 'https://dhl.example/JD0001',
      deliveredOn: expect.stringContaining('2026-03-07'),
      feedbackRating: 'loved',
      feedbackNote: 'She cried',
    });
    const events = order.events as Array<Record<string, unknown>>;
    expect(events.map((e) => [e.kind, e.actor])).toEqual([
      ['proposed', 'staff'],
      ['asked_for_another', 'customer'],
      ['proposed', 'staff'],
      ['approved', 'customer'],
      ['shipped', 'staff'],
      ['delivered', 'staff'],
      ['rated', 'customer'],
    ]);
    expect((order.statusHistory as Array<Record<string, unknown>>).map((e) => e.actor)).toEqual([
      'customer',
      'customer',
      'staff',
    ]);
    expect(exported.body).not.toContain(TEST_ADMIN.email);
    expect(exported.body).not.toContain(adminId);
  });

  it("erasure removes the customer's and staff's own words from kept orders and keeps the business record", async () => {
    const { customer, id } = await journeyOrder();
    await t.app.db.query(
      `update gift_orders set proposal_title = 'Orchid', proposal_price_cents = 5250, proposal_state = 'declined',
              proposal_description = 'A white orchid', proposed_at = now(), proposal_response_note = 'She has tulips',
              delivered_on = '2026-03-07', delivery_note = 'Left with the porter', feedback_rating = 'loved',
              feedback_note = 'She cried', feedback_at = now() where id = $1`,
      [id],
    );
    const erased = await call(t.app, {
      method: 'DELETE',
      url: '/api/auth/account',
      token: customer.token,
      payload: { password: PASSWORD },
    });
    expect(erased.status).toBe(200);
    const { rows } = await t.app.db.query<Record<string, string | null>>(
      `select proposal_title, proposal_response_note, delivery_note, feedback_rating, feedback_note, api_json
         from gift_orders where id = $1`,
      [id],
    );
    expect(rows[0]).toMatchObject({
      proposal_title: 'Orchid',
      proposal_response_note: null,
      delivery_note: null,
      feedback_rating: 'loved',
      feedback_note: null,
    });
    expect(rows[0].api_json).not.toContain('She cried');
    expect(rows[0].api_json).not.toContain('She has tulips');
    const events = await t.app.db.query<{ kind: string; detail: Record<string, unknown> }>(
      'select kind, detail from order_events where order_id = $1 order by at, id',
      [id],
    );
    expect(events.rows.map((e) => [e.kind, e.detail])).toEqual([
      ['proposed', { title: 'Tulip bouquet', price: '45.00' }],
      ['asked_for_another', {}],
      ['proposed', { title: 'Orchid', price: '52.50' }],
      ['approved', {}],
      ['shipped', { carrier: 'DHL', trackingNumber: 'JD0001', shippedOn: '2026-03-05' }],
      ['delivered', { deliveredOn: '2026-03-07' }],
      ['rated', { rating: 'loved' }],
    ]);
    // Staff's notes may name or place the person: they go with the account (docs/privacy.md).
    const notes = await t.app.db.query<{ n: number }>(
      'select count(*)::int as n from order_notes where order_id = $1',
      [id],
    );
    expect(notes.rows[0].n).toBe(0);
  });
});
