import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { latestToday } from '../../contract/shippingLimits';
import { VERIFICATION_SUBJECT } from '../../server/modules/accounts/emailVerification';
import { createAdmin } from '../../server/modules/admin/admins';
import { isoDateFromNow, uniqueEmail } from '../support/fixtures';
import { ADMIN_ENV, adminLogin, orderStatus, seedCustomer, seedOrder } from './admin.helpers';
import { call, startTestApp, unfoldMail, waitForMailsTo, type TestApp } from './helpers';
import { listOrders } from './orders.helpers';

/**
 * The shipment, the delivery and how the gift went (docs/workflow.md, "The gift's journey") on the real server and
 * a fresh database: what each call records, its order_events step and the customer's email, each refusal (nothing
 * changed), token kinds, another customer's order, two admins at once, and staff seeing the rating next time.
 */

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp(ADMIN_ENV);
  admin = await adminLogin(t.app);
}, 60_000);
afterAll(() => t.close());

const SHIPMENT = {
  carrier: 'Parcelly',
  trackingNumber: 'PX-1001',
  trackingUrl: 'https://track.parcelly.example/PX-1001?lang=en',
  shippedOn: isoDateFromNow(0),
};

const ship = (id: string, payload: object, token = admin) =>
  call(t.app, { method: 'PUT', url: `/api/admin/orders/${id}/shipment`, payload, token });
const move = (id: string, payload: object, token = admin) =>
  call(t.app, { method: 'PUT', url: `/api/admin/updateGiftStatus/${id}`, payload, token });
const rate = (id: string, payload: object, token: string) =>
  call(t.app, { method: 'PUT', url: `/api/gifts/${id}/feedback`, payload, token });

async function query<R>(text: string, params: unknown[]): Promise<R[]> {
  return (await t.app.db.query<R>(text, params)).rows as R[];
}
const events = (orderId: string) =>
  query<{ kind: string; actor: string; admin_id: string | null; detail: Record<string, unknown> }>(
    'select kind, actor, admin_id::text, detail from order_events where order_id = $1 order by id',
    [orderId],
  );
const journeyColumns = async (orderId: string) =>
  (
    await query<Record<string, string | null>>(
      `select shipped_carrier, shipped_tracking_number, shipped_tracking_url, shipped_on::text, delivered_on::text,
              delivery_note, feedback_rating, feedback_note from gift_orders where id = $1`,
      [orderId],
    )
  )[0];
/** The subjects of the emails queued for `email`, oldest first (but the verification email). */
const queuedSubjects = async (email: string) =>
  (
    await query<{ subject: string }>(
      'select subject from mail_queue where to_address = $1 and subject <> $2 order by id',
      [email, VERIFICATION_SUBJECT],
    )
  ).map((r) => r.subject);
const adminId = async () =>
  (await query<{ id: string }>('select id::text from admins where email = $1', [ADMIN_ENV.ADMIN_EMAIL]))[0].id;
const customerToday = async (userId: string) =>
  (
    await query<{ today: string }>(
      `select to_char(now() at time zone time_zone, 'YYYY-MM-DD') as today from users where id = $1`,
      [userId],
    )
  )[0].today;

/** A customer with an order in `status` for Nora, placed three days ago (so it may have shipped yesterday). */
async function orderIn(status: string) {
  const customer = await seedCustomer(t.app);
  const { id } = await seedOrder(t.app, { userId: customer.userId, status, recipientName: 'Nora' });
  await t.app.db.query(`update gift_orders set created_at = now() - interval '3 days' where id = $1`, [id]);
  return { ...customer, id };
}

describe('recording the shipment', () => {
  it('records it on a processed order: the card shows it, a shipped step with the admin, one email with the link', async () => {
    const c = await orderIn('processed');
    const res = await ship(c.id, { ...SHIPMENT, replacing: null });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ success: true, shipment: SHIPMENT });

    const [card] = await listOrders(t.app, c.token);
    expect(card.shipment).toEqual(SHIPMENT);
    expect(await events(c.id)).toEqual([
      { kind: 'shipped', actor: 'staff', admin_id: await adminId(), detail: SHIPMENT },
    ]);
    const [mail] = await waitForMailsTo(t.dataDir, c.email);
    const body = unfoldMail(mail);
    expect(mail).toContain('Subject: The gift for Nora is on its way');
    expect(body).toContain(SHIPMENT.trackingUrl);
    expect(body).toContain(SHIPMENT.trackingNumber);
    expect(body).toMatch(/shipped on \w+day, \w+ \d{1,2}(, \d{4})?, with /);

    // Sent back as the card has it (and as the answer said), it succeeds and changes nothing.
    expect((await ship(c.id, card.shipment as unknown as object)).status).toBe(200);
    expect(await events(c.id)).toHaveLength(1);
    expect(await queuedSubjects(c.email)).toHaveLength(1);
  });

  it.each([
    [{ carrier: '  ' }, 'carrier is required'],
    [{ trackingNumber: undefined }, 'trackingNumber'],
    [{ trackingUrl: 'http://track.parcelly.example/1' }, 'trackingUrl must be an https address'],
    [{ trackingUrl: 'javascript:alert(1)//https://x.example' }, 'trackingUrl must be an https address'],
    [{ trackingUrl: 'https://user:pw@track.example/1' }, 'trackingUrl must be an https address'],
    [{ trackingUrl: 'https://localhost/1' }, 'trackingUrl must be an https address'],
    [{ shippedOn: '2026-02-30' }, 'shippedOn must be a real date'],
    [{ shippedOn: isoDateFromNow(3) }, 'shippedOn must not be in the future'],
    [{ shippedOn: isoDateFromNow(-30) }, 'shippedOn must not be before the day the order was placed'],
    [{ status: 'finished' }, 'status'],
  ])('refuses %j with a 400 that names the field, changing nothing', async (change, message) => {
    const c = await orderIn('processed');
    const res = await ship(c.id, { ...SHIPMENT, ...change });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(message);
    expect((await journeyColumns(c.id)).shipped_on).toBeNull();
    expect(await events(c.id)).toEqual([]);
  });

  it('refuses an order that is not processed (409), an unknown or malformed id (404) and any token but an admin', async () => {
    for (const status of ['new', 'finished', 'rejected']) {
      const c = await orderIn(status);
      const res = await ship(c.id, SHIPMENT);
      expect(res.status).toBe(409);
      expect(res.body.error).toContain(`this one is ${status}`);
      expect(await events(c.id)).toEqual([]);
    }
    expect((await ship('00000000-0000-4000-8000-000000000000', SHIPMENT)).status).toBe(404);
    expect((await ship('not-an-id', SHIPMENT)).status).toBe(404);

    const c = await orderIn('processed');
    expect((await ship(c.id, SHIPMENT, c.token)).status).toBe(401);
    expect((await ship(c.id, SHIPMENT, '')).status).toBe(401);
    expect((await journeyColumns(c.id)).shipped_on).toBeNull();
  });

  it('a correction is recorded again; it emails again only when the tracking number or address changes', async () => {
    const c = await orderIn('processed');
    await ship(c.id, { ...SHIPMENT, replacing: null });
    const carrierOnly = await ship(c.id, { ...SHIPMENT, carrier: 'Parcelly Express', replacing: 'PX-1001' });
    expect(carrierOnly.status).toBe(200);
    expect(await queuedSubjects(c.email)).toHaveLength(1);

    const newNumber = { ...SHIPMENT, carrier: 'Parcelly Express', trackingNumber: 'PX-2002' };
    expect((await ship(c.id, { ...newNumber, replacing: 'PX-1001' })).status).toBe(200);
    expect(await queuedSubjects(c.email)).toHaveLength(2);
    expect((await events(c.id)).map((e) => [e.kind, e.detail.correction ?? false])).toEqual([
      ['shipped', false],
      ['shipped', true],
      ['shipped', true],
    ]);
    expect((await journeyColumns(c.id)).shipped_tracking_number).toBe('PX-2002');

    // A screen that still shows the first number is refused: someone corrected it meanwhile.
    const stale = await ship(c.id, { ...SHIPMENT, trackingNumber: 'PX-3003', replacing: 'PX-1001' });
    expect(stale.status).toBe(409);
    expect((await journeyColumns(c.id)).shipped_tracking_number).toBe('PX-2002');
  });

  it('two admins at once: of two first recordings one wins; a shipment and a Finish never both cross', async () => {
    const second = { email: uniqueEmail('shipper'), password: 'shipper-password' };
    await createAdmin(t.app.db, second.email, second.password);
    const secondToken = await adminLogin(t.app, second.email, second.password);

    const c = await orderIn('processed');
    const both = await Promise.all([
      ship(c.id, { ...SHIPMENT, replacing: null }),
      ship(c.id, { ...SHIPMENT, trackingNumber: 'OTHER-1', replacing: null }, secondToken),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await events(c.id)).toHaveLength(1);
    expect(await queuedSubjects(c.email)).toHaveLength(1);

    const d = await orderIn('processed');
    const [shipped, finished] = await Promise.all([
      ship(d.id, SHIPMENT),
      move(d.id, { status: 'finished', from: 'processed' }, secondToken),
    ]);
    expect(finished.status).toBe(200);
    // Either the shipment came first (then the Finish), or the Finish did and the shipment was refused.
    expect([200, 409]).toContain(shipped.status);
    const kinds = (await events(d.id)).map((e) => e.kind);
    expect(kinds).toEqual(shipped.status === 200 ? ['shipped', 'delivered'] : ['delivered']);
  });

  it('queues no email when the customer turned order emails off, but records it all the same', async () => {
    const c = await orderIn('processed');
    await t.app.db.query('update users set order_emails = false where id = $1', [c.userId]);
    expect((await ship(c.id, SHIPMENT)).status).toBe(200);
    expect((await move(c.id, { status: 'finished' })).status).toBe(200);
    expect(await queuedSubjects(c.email)).toEqual([]);
    expect((await events(c.id)).map((e) => e.kind)).toEqual(['shipped', 'delivered']);
  });
});

describe('Finish records the delivery', () => {
  it('with a day and a note: the card shows them, a delivered step, the Delivered email instead of "finished"', async () => {
    const c = await orderIn('processed');
    await ship(c.id, { ...SHIPMENT, shippedOn: isoDateFromNow(-1) });
    const res = await move(c.id, {
      status: 'finished',
      from: 'processed',
      deliveredOn: isoDateFromNow(0),
      note: '  Left with the concierge  ',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ success: true, from: 'processed', status: 'finished' });

    const [card] = await listOrders(t.app, c.token);
    expect(card.delivery).toEqual({ deliveredOn: isoDateFromNow(0), note: 'Left with the concierge' });
    expect((await events(c.id)).at(-1)).toEqual({
      kind: 'delivered',
      actor: 'staff',
      admin_id: await adminId(),
      detail: { deliveredOn: isoDateFromNow(0), note: 'Left with the concierge' },
    });
    const mails = await waitForMailsTo(t.dataDir, c.email, 2);
    expect(mails.map((m) => /^Subject: (.*)$/m.exec(m)?.[1])).toEqual([
      'The gift for Nora is on its way',
      'The gift for Nora was delivered',
    ]);
    const body = unfoldMail(mails[1]);
    expect(body).toContain(`http://app.test/orders?order=${c.id}&feedback=1`);
    expect(body).toContain('Left with the concierge');
    expect(body).toMatch(/was delivered on \w+day, \w+ \d{1,2}(, \d{4})?\./);
  });

  it("the spec's Finish with only a status records the customer's today; bulk Finish does the same", async () => {
    const one = await orderIn('processed');
    expect((await move(one.id, { status: 'finished' })).status).toBe(200);
    expect(await journeyColumns(one.id)).toMatchObject({
      delivered_on: await customerToday(one.userId),
      delivery_note: null,
    });
    expect(await queuedSubjects(one.email)).toEqual(['The gift for Nora was delivered']);

    const bulk = await orderIn('processed');
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/admin/bulkUpdateStatus',
      payload: { ids: [bulk.id], status: 'finished', from: 'processed' },
      token: admin,
    });
    expect(res.body.results).toEqual([{ _id: bulk.id, success: true }]);
    expect((await journeyColumns(bulk.id)).delivered_on).toBe(await customerToday(bulk.userId));
    expect(await queuedSubjects(bulk.email)).toEqual(['The gift for Nora was delivered']);
  });

  it("a Finish without a day on an order shipped later than the customer's today is delivered the day it shipped", async () => {
    // Staff at UTC+14 ship "today" while it is still yesterday for a customer at UTC-11.
    const c = await orderIn('processed');
    await t.app.db.query(`update users set time_zone = 'Pacific/Pago_Pago' where id = $1`, [c.userId]);
    expect((await ship(c.id, { ...SHIPMENT, shippedOn: latestToday() })).status).toBe(200);
    expect((await move(c.id, { status: 'finished' })).status).toBe(200);
    expect((await journeyColumns(c.id)).delivered_on).toBe(latestToday());
  });

  it('refuses a delivery day before it shipped, in the future, or with another move, moving nothing', async () => {
    const c = await orderIn('processed');
    await ship(c.id, SHIPMENT);
    const before = await move(c.id, { status: 'finished', deliveredOn: isoDateFromNow(-1) });
    expect(before.status).toBe(400);
    expect(before.body.error).toBe(`deliveredOn must not be before the day it shipped (${SHIPMENT.shippedOn})`);
    const future = await move(c.id, { status: 'finished', deliveredOn: isoDateFromNow(5) });
    expect(future.status).toBe(400);
    expect(future.body.error).toContain('deliveredOn must not be in the future');
    const onReject = await move(c.id, { status: 'rejected', note: 'Sorry' });
    expect(onReject.status).toBe(400);
    expect(onReject.body.error).toBe('note goes only with a Finish (status finished)');
    expect(await orderStatus(t.app, c.id)).toBe('processed');
    expect((await journeyColumns(c.id)).delivered_on).toBeNull();
    expect((await events(c.id)).map((e) => e.kind)).toEqual(['shipped']);
  });
});

describe('how it went', () => {
  it('the customer rates their delivered order, may change it, and staff see it with the gift on the next order', async () => {
    const c = await orderIn('processed');
    await t.app.db.query(
      `update gift_orders set proposal_title = 'Peony bouquet', proposal_description = 'Pink peonies',
              proposal_price_cents = 4900, proposal_state = 'approved', proposed_at = now() where id = $1`,
      [c.id],
    );
    await move(c.id, { status: 'finished' });

    const first = await rate(c.id, { rating: 'loved', note: ' She kept the vase ' }, c.token);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.feedback).toMatchObject({ rating: 'loved', note: 'She kept the vase' });
    const [card] = await listOrders(t.app, c.token);
    expect(card.feedback).toEqual(first.body.feedback);

    // Sent again, nothing new; changed, recorded again.
    expect((await rate(c.id, { rating: 'loved', note: 'She kept the vase' }, c.token)).status).toBe(200);
    expect((await rate(c.id, { rating: 'fine' }, c.token)).status).toBe(200);
    const rated = (await events(c.id)).filter((e) => e.kind === 'rated');
    expect(rated).toEqual([
      { kind: 'rated', actor: 'customer', admin_id: null, detail: { rating: 'loved', note: 'She kept the vase' } },
      { kind: 'rated', actor: 'customer', admin_id: null, detail: { rating: 'fine' } },
    ]);
    expect(await journeyColumns(c.id)).toMatchObject({ feedback_rating: 'fine', feedback_note: null });

    // The next order for Nora: View Order's earlier orders show the gift, its price and how it went.
    await rate(c.id, { rating: 'loved', note: 'She kept the vase' }, c.token);
    const next = await seedOrder(t.app, { userId: c.userId, recipientName: 'nora ' });
    const details = await call(t.app, {
      method: 'POST',
      url: '/api/admin/getOrderDetails',
      payload: { order_id: next.id },
      token: admin,
    });
    expect(details.body.earlierOrders).toEqual([
      expect.objectContaining({
        _id: c.id,
        status: 'finished',
        title: 'Peony bouquet',
        price: '49.00',
        rating: 'loved',
        ratingNote: 'She kept the vase',
      }),
    ]);
    const shown = await call(t.app, {
      method: 'POST',
      url: '/api/admin/getOrderDetails',
      payload: { order_id: c.id },
      token: admin,
    });
    expect(shown.body.orderDetails).toMatchObject({
      delivery: { deliveredOn: await customerToday(c.userId) },
      feedback: { rating: 'loved', note: 'She kept the vase' },
      proposal: { title: 'Peony bouquet', price: '49.00', state: 'approved' },
    });
  });

  it('refuses before delivery (409), another customer or an unknown order (404), an admin token and bad input', async () => {
    const c = await orderIn('finished');
    // Finished before deliveries were recorded: not delivered as far as we know.
    expect((await rate(c.id, { rating: 'loved' }, c.token)).status).toBe(409);
    const p = await orderIn('processed');
    const early = await rate(p.id, { rating: 'loved' }, p.token);
    expect(early.status).toBe(409);
    expect(early.body.error).toBe('You can say how the gift went once it has been delivered.');

    await move(p.id, { status: 'finished' });
    const other = await seedCustomer(t.app);
    expect((await rate(p.id, { rating: 'loved' }, other.token)).status).toBe(404);
    expect((await rate('00000000-0000-4000-8000-000000000000', { rating: 'loved' }, p.token)).status).toBe(404);
    expect((await rate('nope', { rating: 'loved' }, p.token)).status).toBe(404);
    expect((await rate(p.id, { rating: 'loved' }, admin)).status).toBe(401);
    const bad = await rate(p.id, { rating: 'amazing' }, p.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('rating must be one of loved, fine, not_for_them');
    const long = await rate(p.id, { rating: 'fine', note: 'x'.repeat(281) }, p.token);
    expect(long.status).toBe(400);
    expect(long.body.error).toContain('note must be at most 280 characters');
    expect((await journeyColumns(p.id)).feedback_rating).toBeNull();
    expect((await events(p.id)).some((e) => e.kind === 'rated')).toBe(false);
  });
});
