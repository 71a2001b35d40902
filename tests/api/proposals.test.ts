import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { PROPOSAL_PICTURE_MAX_BYTES } from '#contract/proposalLimits';

import { MIGRATIONS } from '../../server/db/migrations';
import { VERIFICATION_SUBJECT } from '../../server/modules/accounts/emailVerification';
import { GPS_TEXT, jpeg, png, webp } from '../support/pictures';
import { ADMIN_ENV, adminLogin, orderStatus, seedCustomer, seedOrder, TEST_ADMIN } from './admin.helpers';
import { call, COMPLETE_PROFILE, startTestApp, type TestApp } from './helpers';

/** Issue 23, a gift proposal: staff propose, the customer approves or asks for something else (docs/workflow.md). */

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await startTestApp(ADMIN_ENV, { holdMail: true });
  adminToken = await adminLogin(t.app);
});
afterAll(() => t.close());

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const JPEG = jpeg(4, 3);
const WEBP = webp(4, 3);
const GIFT = { title: 'Lavender candle set', description: 'Three hand-poured candles', price: '49.99' };

const propose = (orderId: string, payload: object, token = adminToken) =>
  call(t.app, { method: 'POST', url: `/api/admin/gifts/${orderId}/proposal`, token, payload });
const approve = (orderId: string, token: string) =>
  call(t.app, { method: 'POST', url: `/api/gifts/${orderId}/proposal/approve`, token });
const decline = (orderId: string, token: string, payload: object = { note: 'Something to read instead' }) =>
  call(t.app, { method: 'POST', url: `/api/gifts/${orderId}/proposal/decline`, token, payload });

/** A new order (budget $75) of a new customer with a verified address: its id, the customer's token and email. */
async function newOrder(options: { budget?: string } = {}) {
  const customer = await seedCustomer(t.app);
  const order = await seedOrder(t.app, { userId: customer.userId, ...options });
  return { id: order.id, token: customer.token, email: customer.email, userId: customer.userId };
}

async function proposalRow(orderId: string) {
  const { rows } = await t.app.db.query<{
    state: string | null;
    title: string | null;
    price: string | null;
    note: string | null;
    image: string | null;
  }>(
    `select proposal_state as state, proposal_title as title, proposal_price_cents::text as price,
            proposal_response_note as note, proposal_image_id::text as image from gift_orders where id = $1`,
    [orderId],
  );
  return rows[0];
}

async function eventsOf(orderId: string) {
  const { rows } = await t.app.db.query<{ kind: string; actor: string; admin: boolean; detail: unknown }>(
    `select kind, actor, admin_id is not null as admin, detail from order_events where order_id = $1 order by id`,
    [orderId],
  );
  return rows;
}

async function lastStatusEvent(orderId: string) {
  const { rows } = await t.app.db.query<{ to_status: string; actor: string; admin: boolean }>(
    `select to_status, actor, admin_id is not null as admin from order_status_events where order_id = $1
      order by id desc limit 1`,
    [orderId],
  );
  return rows[0];
}

async function queuedMails(email: string) {
  const { rows } = await t.app.db.query<{ subject: string; body: string }>(
    'select subject, body from mail_queue where to_address = $1 and subject <> $2 order by id',
    [email, VERIFICATION_SUBJECT],
  );
  return rows;
}

/** The status code a picture's address answers. */
const pictureStatus = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;

/** A new order with an open proposal that has a picture: the order and the picture's address. */
async function proposedWithPicture(options: { budget?: string } = {}) {
  const order = await newOrder(options);
  const res = await propose(order.id, { ...GIFT, picture: PNG.toString('base64') });
  const imageUrl = (res.body.proposal as { imageUrl: string }).imageUrl;
  expect(await pictureStatus(imageUrl)).toBe(200);
  return { order, imageUrl };
}

/** The customer's edit of their order: the card sent back with changes. */
const editOrder = (orderId: string, token: string, payload: object) =>
  call(t.app, { method: 'PUT', url: `/api/gifts/updateGift/${orderId}`, token, payload });

async function cardOf(orderId: string, token: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/gifts/getgifts', headers: { 'auth-token': token } });
  return (res.json() as { _id: string; status: string; proposal?: Record<string, unknown> }[]).find(
    (o) => o._id === orderId,
  );
}

describe('staff propose a gift', () => {
  it('records the proposal, its event and its picture, shows it on the card and emails the customer', async () => {
    const order = await newOrder();
    const res = await propose(order.id, { ...GIFT, picture: PNG.toString('base64') });
    expect(res.status).toBe(201);
    const proposal = res.body.proposal as Record<string, string>;
    expect(res.body).toMatchObject({ success: true, status: 'new' });
    expect(proposal).toMatchObject({ ...GIFT, state: 'open' });
    expect(proposal.overBudgetReason).toBeUndefined();
    expect(proposal.imageUrl).toMatch(/^\/api\/gifts\/images\/[0-9a-f-]{36}$/);

    expect(await cardOf(order.id, order.token)).toMatchObject({ status: 'new', proposal });
    const [event] = await eventsOf(order.id);
    expect(event).toMatchObject({
      kind: 'proposed',
      actor: 'staff',
      admin: true,
      detail: { title: GIFT.title, price: '49.99', imageId: proposal.imageUrl.split('/').pop() },
    });

    const mails = await queuedMails(order.email);
    expect(mails.map((m) => m.subject)).toEqual(['A gift for Maya: please approve']);
    expect(mails[0].body).toContain('Lavender candle set, $49.99');
    expect(mails[0].body).toContain(`http://app.test/orders?order=${order.id}`);

    const picture = await t.app.inject({ method: 'GET', url: proposal.imageUrl });
    expect(picture.statusCode).toBe(200);
    expect(picture.rawPayload.equals(PNG)).toBe(true);
    expect(picture.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'private, no-cache',
      'cross-origin-resource-policy': 'cross-origin',
    });

    // Staff see it in View Order, in the same read as the order.
    const details = await call(t.app, {
      method: 'POST',
      url: '/api/admin/getOrderDetails',
      token: adminToken,
      payload: { order_id: order.id },
    });
    expect((details.body.orderDetails as { proposal: unknown }).proposal).toEqual(proposal);
  });

  it('takes a price as "49", "$49.99" or "49.5" and answers it with two decimals; a JPEG or WebP picture too', async () => {
    for (const [price, answered, picture, type] of [
      ['49', '49.00', JPEG, 'image/jpeg'],
      ['$49.99', '49.99', WEBP, 'image/webp'],
      ['49.5', '49.50', undefined, undefined],
    ] as const) {
      const order = await newOrder();
      const res = await propose(order.id, { ...GIFT, price, picture: picture?.toString('base64') });
      expect(res.status).toBe(201);
      const proposal = res.body.proposal as { price: string; imageUrl?: string };
      expect(proposal.price).toBe(answered);
      if (type) {
        const served = await t.app.inject({ method: 'GET', url: proposal.imageUrl! });
        expect(served.headers['content-type']).toBe(type);
      } else {
        expect(proposal.imageUrl).toBeUndefined();
      }
    }
  });

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const order = await newOrder();
    const refusals: [object, string][] = [
      [{ ...GIFT, price: 'not money' }, 'Price must be an amount of money, like 49.99'],
      [{ ...GIFT, price: '-5' }, 'Price must be an amount of money, like 49.99'],
      [{ ...GIFT, title: '   ' }, 'Title is required'],
      [{ description: GIFT.description, price: GIFT.price }, 'Title is required'],
      [{ ...GIFT, price: '75.01' }, 'Over-budget reason is required: the price is above the budget of $75.00'],
      [
        { ...GIFT, price: '80', overBudgetReason: ' ' },
        'Over-budget reason is required: the price is above the budget of $75.00',
      ],
      [
        { ...GIFT, picture: Buffer.from('this is text, not a PNG').toString('base64') },
        'Picture must be a JPEG, PNG or WebP image',
      ],
      [{ ...GIFT, picture: 'not base64!' }, 'Picture must be the file as base64 text'],
      [
        { ...GIFT, picture: Buffer.concat([PNG, Buffer.alloc(PROPOSAL_PICTURE_MAX_BYTES)]).toString('base64') },
        'Picture must be at most 2 MB',
      ],
    ];
    for (const [payload, error] of refusals) {
      expect(await propose(order.id, payload)).toEqual({ status: 400, body: { success: false, error } });
    }
    expect(await proposalRow(order.id)).toMatchObject({ state: null, title: null });
    expect(await eventsOf(order.id)).toEqual([]);
    const { rows } = await t.app.db.query('select 1 from order_images where order_id = $1', [order.id]);
    expect(rows).toEqual([]);
    expect(await queuedMails(order.email)).toEqual([]);
  });

  it('refuses a body larger than the picture allows with a 413 before reading it', async () => {
    const order = await newOrder();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/gifts/${order.id}/proposal`,
      headers: { 'auth-token': adminToken, 'content-type': 'application/json' },
      payload: JSON.stringify({ ...GIFT, picture: 'A'.repeat(3 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, error: 'The picture is larger than 2 MB' });
    expect((await proposalRow(order.id)).state).toBeNull();
  });

  it('takes a price above the budget with a reason and answers the reason', async () => {
    const order = await newOrder();
    const res = await propose(order.id, { ...GIFT, price: '$90', overBudgetReason: 'The set she asked for' });
    expect(res.status).toBe(201);
    expect(res.body.proposal).toMatchObject({ price: '90.00', overBudgetReason: 'The set she asked for' });
  });

  it('refuses a processed order, an order with an open proposal, unknown ids and the wrong token', async () => {
    const processed = await seedOrder(t.app, { status: 'processed' });
    expect(await propose(processed.id, GIFT)).toEqual({
      status: 409,
      body: { success: false, error: 'Only a new order takes a proposal; this one is processed' },
    });
    const order = await newOrder();
    expect((await propose(order.id, GIFT)).status).toBe(201);
    expect(await propose(order.id, { ...GIFT, title: 'Another' })).toEqual({
      status: 409,
      body: { success: false, error: 'This order already has an open proposal: the customer has not answered it yet' },
    });
    const unknown = { status: 404, body: { success: false, error: 'Order not found' } };
    expect(await propose('00000000-0000-4000-8000-000000000000', GIFT)).toEqual(unknown);
    expect(await propose('not-a-uuid', GIFT)).toEqual(unknown);
    const customerToken = (await newOrder()).token;
    expect(await propose(order.id, GIFT, customerToken)).toEqual({
      status: 401,
      body: { success: false, error: 'Please sign in as an admin again' },
    });
  });

  it('lets only one of two admins proposing at once succeed', async () => {
    const order = await newOrder();
    const [a, b] = await Promise.all([propose(order.id, GIFT), propose(order.id, { ...GIFT, title: 'Other' })]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect((await eventsOf(order.id)).map((e) => e.kind)).toEqual(['proposed']);
    const { rows } = await t.app.db.query('select 1 from order_images where order_id = $1', [order.id]);
    expect(rows).toEqual([]);
  });

  it('sends no email when the customer turned order emails off', async () => {
    const order = await newOrder();
    await t.app.db.query('update users set order_emails = false where id = $1', [order.userId]);
    expect((await propose(order.id, GIFT)).status).toBe(201);
    expect(await queuedMails(order.email)).toEqual([]);
  });
});

describe('the picture', () => {
  it('answers 404 for an unknown or malformed id, without a session', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/gifts/images/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, error: 'Picture not found' });
    }
  });
});

describe('the customer answers', () => {
  it('approves: the order moves to processed as the customer’s act, with its event and no status email', async () => {
    const order = await newOrder();
    await propose(order.id, GIFT);
    const res = await approve(order.id, order.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, status: 'processed', proposal: { state: 'approved' } });
    expect(await orderStatus(t.app, order.id)).toBe('processed');
    expect(await lastStatusEvent(order.id)).toEqual({ to_status: 'processed', actor: 'customer', admin: false });
    expect((await eventsOf(order.id)).map((e) => [e.kind, e.actor])).toEqual([
      ['proposed', 'staff'],
      ['approved', 'customer'],
    ]);
    expect((await queuedMails(order.email)).map((m) => m.subject)).toEqual(['A gift for Maya: please approve']);
    expect(await approve(order.id, order.token)).toEqual({
      status: 409,
      body: { success: false, error: 'This order has no open proposal to answer' },
    });
  });

  it('asks for something else with a note: the order stays new and staff may propose again', async () => {
    const order = await newOrder();
    await propose(order.id, GIFT);
    expect(await decline(order.id, order.token, { note: '  ' })).toEqual({
      status: 400,
      body: { success: false, error: 'Note is required: tell us what to look for instead' },
    });
    expect((await proposalRow(order.id)).state).toBe('open');
    const res = await decline(order.id, order.token, { note: 'She has candles; a book?' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'new',
      proposal: { state: 'declined', responseNote: 'She has candles; a book?' },
    });
    expect(await orderStatus(t.app, order.id)).toBe('new');
    expect(await decline(order.id, order.token)).toMatchObject({ status: 409 });
    expect(await approve(order.id, order.token)).toMatchObject({ status: 409 });

    expect((await propose(order.id, { ...GIFT, title: 'A poetry book', price: '25' })).status).toBe(201);
    const events = await eventsOf(order.id);
    expect(events.map((e) => [e.kind, e.actor])).toEqual([
      ['proposed', 'staff'],
      ['asked_for_another', 'customer'],
      ['proposed', 'staff'],
    ]);
    expect(events[1].detail).toEqual({ note: 'She has candles; a book?' });
    expect(events[2].detail).toMatchObject({ title: 'A poetry book', price: '25.00', imageId: null });
    expect(await proposalRow(order.id)).toMatchObject({ state: 'open', title: 'A poetry book', note: null });
  });

  it("answers 404 for another customer's order or an unknown id, and 401 to an admin token", async () => {
    const order = await newOrder();
    await propose(order.id, GIFT);
    const other = await newOrder();
    const notFound = { status: 404, body: { success: false, error: 'Order not found' } };
    expect(await approve(order.id, other.token)).toEqual(notFound);
    expect(await decline(order.id, other.token)).toEqual(notFound);
    expect(await approve('00000000-0000-4000-8000-000000000000', order.token)).toEqual(notFound);
    expect(await approve('x', order.token)).toEqual(notFound);
    const signIn = { status: 401, body: { success: false, error: 'Please sign in again' } };
    expect(await approve(order.id, adminToken)).toEqual(signIn);
    expect(await decline(order.id, adminToken)).toEqual(signIn);
    expect((await proposalRow(order.id)).state).toBe('open');
  });

  it('refuses to answer a proposal on an order staff already moved (409)', async () => {
    const order = await newOrder();
    await propose(order.id, GIFT);
    const moved = await call(t.app, {
      method: 'PUT',
      url: `/api/admin/updateGiftStatus/${order.id}`,
      token: adminToken,
      payload: { status: 'processed' },
    });
    expect(moved.status).toBe(200);
    expect(await approve(order.id, order.token)).toEqual({
      status: 409,
      body: { success: false, error: 'This order is processed and its proposal can no longer be answered' },
    });
  });

  it('lets only one of two answers at once succeed', async () => {
    const order = await newOrder();
    await propose(order.id, GIFT);
    const [a, b] = await Promise.all([approve(order.id, order.token), decline(order.id, order.token)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((await eventsOf(order.id)).length).toBe(2);
  });
});

describe('editing an order', () => {
  it('withdraws its open proposal in the same write, and only an open one', async () => {
    const order = await newOrder();
    await propose(order.id, GIFT);
    const card = await cardOf(order.id, order.token);
    const edit = await editOrder(order.id, order.token, { ...card, comments: 'Not candles, please' });
    expect(edit).toEqual({ status: 200, body: { success: true } });
    expect((await cardOf(order.id, order.token))?.proposal).toMatchObject({ state: 'withdrawn' });
    expect((await eventsOf(order.id)).map((e) => [e.kind, e.actor])).toEqual([
      ['proposed', 'staff'],
      ['withdrawn', 'customer'],
    ]);
    expect(await approve(order.id, order.token)).toMatchObject({ status: 409 });

    // A second edit: nothing open, so nothing withdrawn again.
    const again = await editOrder(order.id, order.token, { ...card, comments: 'Blue wrapping' });
    expect(again.status).toBe(200);
    expect((await eventsOf(order.id)).length).toBe(2);
  });
});

describe("a proposal's picture", () => {
  it('is deleted when the customer asks for something else, and its address then answers 404', async () => {
    const { order, imageUrl } = await proposedWithPicture();
    const declined = await decline(order.id, order.token);
    expect(declined.body).toMatchObject({ proposal: { state: 'declined' } });
    expect(declined.body.proposal).not.toHaveProperty('imageUrl');
    expect(await pictureStatus(imageUrl)).toBe(404);
    expect((await cardOf(order.id, order.token))?.proposal).not.toHaveProperty('imageUrl');
    const { rows } = await t.app.db.query('select 1 from order_images where order_id = $1', [order.id]);
    expect(rows).toEqual([]);
  });

  it('is deleted when an edit withdraws the proposal', async () => {
    const { order, imageUrl } = await proposedWithPicture();
    const card = await cardOf(order.id, order.token);
    const edit = await editOrder(order.id, order.token, { ...card, comments: 'Not candles, please' });
    expect(edit.status).toBe(200);
    expect(await pictureStatus(imageUrl)).toBe(404);
    expect((await cardOf(order.id, order.token))?.proposal).toMatchObject({ state: 'withdrawn' });
    expect((await cardOf(order.id, order.token))?.proposal).not.toHaveProperty('imageUrl');
  });

  it('stays with an approved proposal: the gift given keeps its picture', async () => {
    const { order, imageUrl } = await proposedWithPicture();
    expect((await approve(order.id, order.token)).status).toBe(200);
    expect(await pictureStatus(imageUrl)).toBe(200);
    expect((await cardOf(order.id, order.token))?.proposal).toMatchObject({ state: 'approved', imageUrl });
  });

  it('stays when a refused answer changes nothing', async () => {
    const { order, imageUrl } = await proposedWithPicture();
    const other = await newOrder();
    expect((await decline(order.id, other.token)).status).toBe(404);
    expect(await pictureStatus(imageUrl)).toBe(200);
  });
});

describe('staff moving an order on while its proposal is open', () => {
  const moveTo = (id: string, status: string, reason?: string) =>
    call(t.app, {
      method: 'PUT',
      url: `/api/admin/updateGiftStatus/${id}`,
      token: adminToken,
      payload: { status, from: 'new', ...(reason && { reason }) },
    });
  const wordsOf = async (id: string, token: string) =>
    (
      (await call(t.app, { method: 'GET', url: `/api/gifts/${id}/timeline`, token })).body.steps as { words: string }[]
    ).map((s) => s.words);
  const staffStepsOf = async (id: string) =>
    (
      (
        await call(t.app, {
          method: 'POST',
          url: '/api/admin/getOrderDetails',
          payload: { order_id: id },
          token: adminToken,
        })
      ).body.timeline as { words: string; by: string }[]
    ).map((s) => [s.words, s.by]);

  it("Proceed withdraws it as staff's act: the picture goes, the card and both timelines say so", async () => {
    const { order, imageUrl } = await proposedWithPicture();
    expect((await moveTo(order.id, 'processed')).status).toBe(200);
    expect(await orderStatus(t.app, order.id)).toBe('processed');
    const card = await cardOf(order.id, order.token);
    expect(card?.proposal).toMatchObject({ state: 'withdrawn', title: GIFT.title });
    expect(card?.proposal).not.toHaveProperty('imageUrl');
    expect(await pictureStatus(imageUrl)).toBe(404);
    expect((await eventsOf(order.id)).map((e) => [e.kind, e.actor, e.admin])).toEqual([
      ['proposed', 'staff', true],
      ['withdrawn', 'staff', true],
    ]);
    expect(await wordsOf(order.id, order.token)).toEqual([
      'Placed',
      'Gift proposed: Lavender candle set, $49.99',
      'We withdrew the proposal',
      'Processed',
    ]);
    expect((await staffStepsOf(order.id)).slice(2)).toEqual([
      ['Proposal withdrawn: staff moved the order on', TEST_ADMIN.email],
      ['Moved to processed', expect.any(String)],
    ]);
    expect(await approve(order.id, order.token)).toEqual({
      status: 409,
      body: { success: false, error: 'This order is processed and its proposal can no longer be answered' },
    });
  });

  it('Reject and a bulk Proceed withdraw it too; a move with nothing open records no withdrawal', async () => {
    const rejected = await proposedWithPicture();
    expect((await moveTo(rejected.order.id, 'rejected', 'Out of stock everywhere')).status).toBe(200);
    expect((await cardOf(rejected.order.id, rejected.order.token))?.proposal).toMatchObject({ state: 'withdrawn' });
    expect(await pictureStatus(rejected.imageUrl)).toBe(404);

    const bulk = await proposedWithPicture();
    const plain = await newOrder();
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/admin/bulkUpdateStatus',
      token: adminToken,
      payload: { ids: [bulk.order.id, plain.id], status: 'processed', from: 'new' },
    });
    expect(res.status).toBe(200);
    expect((await cardOf(bulk.order.id, bulk.order.token))?.proposal).toMatchObject({ state: 'withdrawn' });
    expect(await pictureStatus(bulk.imageUrl)).toBe(404);
    expect((await eventsOf(bulk.order.id)).map((e) => e.kind)).toEqual(['proposed', 'withdrawn']);
    expect(await eventsOf(plain.id)).toEqual([]);
    // Moved on without ever having a proposal: nothing to answer, said as such.
    expect(await approve(plain.id, plain.token)).toEqual({
      status: 409,
      body: { success: false, error: 'This order has no open proposal to answer' },
    });

    // Approved, then moved on: the approved proposal and its picture stay.
    const approved = await proposedWithPicture();
    await approve(approved.order.id, approved.order.token);
    await call(t.app, {
      method: 'PUT',
      url: `/api/admin/updateGiftStatus/${approved.order.id}`,
      token: adminToken,
      payload: { status: 'rejected', from: 'processed', reason: 'Address unreachable' },
    });
    expect((await cardOf(approved.order.id, approved.order.token))?.proposal).toMatchObject({ state: 'approved' });
    expect(await pictureStatus(approved.imageUrl)).toBe(200);
  });
});

describe('the migration that ends proposals left behind', () => {
  const migration = MIGRATIONS.find((m) => m.name.startsWith('proposal pictures'))!;

  it('withdraws one still open on an order staff moved on, and deletes the pictures of every unapproved one', async () => {
    // Rows as they were before: staff's move left the proposal open, and declining kept the picture.
    const moved = await proposedWithPicture();
    const declined = await proposedWithPicture();
    const approved = await proposedWithPicture();
    const open = await proposedWithPicture();
    await approve(approved.order.id, approved.order.token);
    await t.app.db.query(`update gift_orders set status = 'processed' where id = $1`, [moved.order.id]);
    await t.app.db.query(`update gift_orders set proposal_state = 'declined' where id = $1`, [declined.order.id]);

    await t.app.db.exec(migration.sql);
    expect((await cardOf(moved.order.id, moved.order.token))?.proposal).toMatchObject({ state: 'withdrawn' });
    expect((await eventsOf(moved.order.id)).map((e) => [e.kind, e.actor, e.admin])).toEqual([
      ['proposed', 'staff', true],
      ['withdrawn', 'staff', false],
    ]);
    expect(await pictureStatus(moved.imageUrl)).toBe(404);
    expect(await pictureStatus(declined.imageUrl)).toBe(404);
    expect((await cardOf(declined.order.id, declined.order.token))?.proposal).not.toHaveProperty('imageUrl');
    expect(await pictureStatus(approved.imageUrl)).toBe(200);
    expect(await pictureStatus(open.imageUrl)).toBe(200);
    expect((await cardOf(open.order.id, open.order.token))?.proposal).toMatchObject({ state: 'open' });
  });
});

describe('approving automatically', () => {
  it('is a profile setting that accepts the profile sent back, and approves a proposal within budget at once', async () => {
    const order = await newOrder();
    const profile = await call(t.app, { method: 'GET', url: '/api/auth/getUserDetails', token: order.token });
    expect(profile.body.data).toMatchObject({ autoApproveProposals: false });
    const data = profile.body.data as object;
    const saved = await call(t.app, {
      method: 'PUT',
      url: '/api/auth/updateUser',
      token: order.token,
      payload: { ...data, autoApproveProposals: true },
    });
    expect(saved.status).toBe(200);
    // A save without the field keeps it.
    await call(t.app, { method: 'PUT', url: '/api/auth/updateUser', token: order.token, payload: COMPLETE_PROFILE });
    const after = await call(t.app, { method: 'GET', url: '/api/auth/getUserDetails', token: order.token });
    expect(after.body.data).toMatchObject({ autoApproveProposals: true });
    expect(
      await call(t.app, {
        method: 'PUT',
        url: '/api/auth/updateUser',
        token: order.token,
        payload: { ...COMPLETE_PROFILE, autoApproveProposals: 'yes' },
      }),
    ).toEqual({
      status: 400,
      body: { success: false, error: 'Approve proposals automatically must be true or false' },
    });

    const res = await propose(order.id, GIFT);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'processed', proposal: { state: 'approved' } });
    expect(await lastStatusEvent(order.id)).toEqual({ to_status: 'processed', actor: 'system', admin: false });
    expect((await eventsOf(order.id)).map((e) => [e.kind, e.actor])).toEqual([
      ['proposed', 'staff'],
      ['approved', 'system'],
    ]);
    // The email names the gift and its price, in place of the proposal email nobody needs to answer.
    const mails = await queuedMails(order.email);
    expect(mails.map((m) => m.subject)).toEqual(['We chose a gift for Maya: Lavender candle set']);
    expect(mails[0].body).toContain('Lavender candle set, $49.99');
    expect(mails[0].body).toContain('approved automatically, as your profile asks');
    expect(mails[0].body).toContain(`/orders?order=${order.id}`);

    // Above the budget it waits for the customer.
    const second = await seedOrder(t.app, { userId: order.userId });
    const over = await propose(second.id, { ...GIFT, price: '120', overBudgetReason: 'Only the large set is left' });
    expect(over.body).toMatchObject({ status: 'new', proposal: { state: 'open' } });
  });
});

describe("a proposal's picture (issue 32)", () => {
  const pictureOf = async (picture: Buffer) => {
    const order = await newOrder();
    const res = await propose(order.id, { ...GIFT, picture: picture.toString('base64') });
    expect(res.status).toBe(201);
    const url = (res.body.proposal as { imageUrl: string }).imageUrl;
    return { order, url, served: await t.app.inject({ method: 'GET', url }) };
  };

  it.each([
    ['JPEG', jpeg(640, 480), 'image/jpeg'],
    ['PNG', png(640, 480), 'image/png'],
    ['WebP', webp(640, 480), 'image/webp'],
  ])('a %s is stored and served without its metadata (EXIF, GPS, XMP, comments, text)', async (_, picture, type) => {
    expect(picture.toString('latin1')).toContain(GPS_TEXT);
    const { served } = await pictureOf(picture);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(type);
    const bytes = served.rawPayload;
    expect(bytes.toString('latin1')).not.toContain('GPS');
    expect(bytes.toString('latin1')).not.toContain('xmpmeta');
    expect(bytes.length).toBeLessThan(picture.length);
    if (type === 'image/jpeg') {
      // The frame and scan stay, with the photo's orientation (6: turned) as an EXIF of that tag alone.
      expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
      expect(bytes.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
      expect(bytes.includes(Buffer.from([0xff, 0xda]))).toBe(true);
      expect(bytes.includes(Buffer.from([0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56]))).toBe(true);
      expect(bytes.includes(Buffer.from('Exif\0\0MM', 'latin1'))).toBe(true);
      expect(bytes.includes(Buffer.from([0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6]))).toBe(true);
    }
    if (type === 'image/png') {
      const chunks = ['IHDR', 'tEXt', 'iTXt', 'tIME', 'eXIf', 'IDAT', 'IEND'].filter((c) => bytes.includes(c));
      expect(chunks).toEqual(['IHDR', 'IDAT', 'IEND']);
    }
    if (type === 'image/webp') {
      // The RIFF size is the file's, and the VP8X flags no longer announce EXIF or XMP.
      expect(bytes.readUInt32LE(4)).toBe(bytes.length - 8);
      expect(bytes.toString('latin1', 12, 16)).toBe('VP8X');
      expect(bytes[20] & 0x0c).toBe(0);
      expect(bytes.includes('EXIF')).toBe(false);
    }
  });

  it('refuses a picture that declares more than 8000 pixels a side, or whose structure cannot be read', async () => {
    const order = await newOrder();
    const tooLarge = 'Picture must be at most 8000 × 8000 pixels';
    for (const picture of [png(50_000, 50_000), jpeg(8001, 10), webp(10, 8001)]) {
      expect(await propose(order.id, { ...GIFT, picture: picture.toString('base64') })).toEqual({
        status: 400,
        body: { success: false, error: tooLarge },
      });
    }
    const cut = jpeg(10, 10).subarray(0, 60);
    expect(await propose(order.id, { ...GIFT, picture: cut.toString('base64') })).toEqual({
      status: 400,
      body: { success: false, error: 'Picture must be a JPEG, PNG or WebP image' },
    });
    const { rows } = await t.app.db.query('select 1 from order_images where order_id = $1', [order.id]);
    expect(rows).toEqual([]);
    expect((await propose(order.id, { ...GIFT, picture: png(8000, 8000).toString('base64') })).status).toBe(201);
  });

  it('is served no-cache with an ETag: a browser asks again, gets 304 while it lives and 404 once deleted', async () => {
    const { order, url, served } = await pictureOf(png(2, 2));
    expect(served.headers['cache-control']).toBe('private, no-cache');
    const etag = served.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);
    // Asking for something else deletes the picture: the browser's copy is not used again.
    expect((await decline(order.id, order.token)).status).toBe(200);
    expect((await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } })).statusCode).toBe(404);
  });
});
