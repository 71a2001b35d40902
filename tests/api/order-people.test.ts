import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { orderInput } from '../support/fixtures';
import { ADMIN_ENV, adminLogin } from './admin.helpers';
import { call, signUpWithProfile, startTestApp, type TestApp } from './helpers';
import { placeOrder } from './orders.helpers';

/** Orders linked to people (issue 22, point 5) and staff seeing a person's earlier orders (point 9). */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(ADMIN_ENV);
});
afterAll(() => t.close());

/** A person of the customer, added with POST /api/people. */
async function addPerson(token: string, name: string): Promise<string> {
  const res = await call(t.app, {
    method: 'POST',
    url: '/api/people',
    token,
    payload: { name, relationship: 'Mother' },
  });
  if (res.status !== 201) throw new Error(`add person failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body._id as string;
}

/** A yearly date of that person, added with POST /api/people/{id}/dates. */
async function addDate(token: string, personId: string, occasion = 'Birthday', date = '1956-03-14'): Promise<string> {
  const res = await call(t.app, {
    method: 'POST',
    url: `/api/people/${personId}/dates`,
    token,
    payload: { occasion, date },
  });
  if (res.status !== 201) throw new Error(`add date failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body._id as string;
}

/** The order's links as stored. */
async function linksOf(orderId: string) {
  const { rows } = await t.app.db.query<{ person_id: string | null; occasion_id: string | null }>(
    'select person_id::text as person_id, occasion_id::text as occasion_id from gift_orders where id = $1',
    [orderId],
  );
  return rows[0];
}

const orderCount = async (email: string) =>
  Number(
    (
      await t.app.db.query<{ n: string }>(
        'select count(*)::text as n from gift_orders g join users u on u.id = g.user_id where u.email = $1',
        [email.toLowerCase()],
      )
    ).rows[0].n,
  );

const addgift = (token: string, payload: Record<string, unknown>) =>
  call(t.app, { method: 'POST', url: '/api/gifts/addgift', token, payload: orderInput(payload) });

const updateGift = (token: string, id: string, payload: Record<string, unknown>) =>
  call(t.app, { method: 'PUT', url: `/api/gifts/updateGift/${id}`, token, payload: orderInput(payload) });

describe('addgift links the order to a person', () => {
  it("links an order for an occasion to that occasion's person, and answers as ever", async () => {
    const { token } = await signUpWithProfile(t.app);
    const mum = await addPerson(token, 'Mum');
    const birthday = await addDate(token, mum);
    const res = await addgift(token, { recipientName: 'Mum', occasionId: birthday });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['_id', 'success']);
    expect(await linksOf(res.body._id as string)).toEqual({ person_id: mum, occasion_id: birthday });
  });

  it('links an order placed from a person without a date (personId)', async () => {
    const { token } = await signUpWithProfile(t.app);
    const dad = await addPerson(token, 'Dad');
    const id = await placeOrder(t.app, token, { recipientName: 'Dad', personId: dad });
    expect(await linksOf(id)).toEqual({ person_id: dad, occasion_id: null });
    // Their gift history lists it.
    const page = await call(t.app, { method: 'GET', url: `/api/people/${dad}`, token });
    expect((page.body.data as { gifts: Array<{ _id: string }> }).gifts.map((g) => g._id)).toEqual([id]);
  });

  it('takes personId with occasionId when both name the same person', async () => {
    const { token } = await signUpWithProfile(t.app);
    const mum = await addPerson(token, 'Mum');
    const birthday = await addDate(token, mum);
    const id = await placeOrder(t.app, token, { personId: mum, occasionId: birthday });
    expect(await linksOf(id)).toEqual({ person_id: mum, occasion_id: birthday });
  });

  it("answers 404 for another customer's person or occasion, and stores nothing", async () => {
    const other = await signUpWithProfile(t.app);
    const theirs = await addPerson(other.token, 'Gran');
    const theirDate = await addDate(other.token, theirs);
    const { token, email } = await signUpWithProfile(t.app);

    const byPerson = await addgift(token, { personId: theirs });
    expect(byPerson).toEqual({ status: 404, body: { success: false, error: 'Person not found' } });
    const byDate = await addgift(token, { occasionId: theirDate });
    expect(byDate).toEqual({ status: 404, body: { success: false, error: 'Occasion not found' } });
    for (const bad of ['not-a-uuid', '', '00000000-0000-4000-8000-000000000000']) {
      expect((await addgift(token, { personId: bad })).status).toBe(404);
    }
    expect(await orderCount(email)).toBe(0);
    expect(await orderCount(other.email)).toBe(0);
  });

  it("refuses a personId that is not the occasion's person (400), storing nothing", async () => {
    const { token, email } = await signUpWithProfile(t.app);
    const mum = await addPerson(token, 'Mum');
    const dad = await addPerson(token, 'Dad');
    const birthday = await addDate(token, mum);
    const res = await addgift(token, { personId: dad, occasionId: birthday });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/personId/);
    expect((await addgift(token, { personId: null, occasionId: birthday })).status).toBe(400);
    expect(await orderCount(email)).toBe(0);
  });

  it('refuses a personId that is not a string (400)', async () => {
    const { token } = await signUpWithProfile(t.app);
    const res = await addgift(token, { personId: 42 });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/personId/);
  });

  it('keeps the order when its person is deleted later, with no link', async () => {
    const { token } = await signUpWithProfile(t.app);
    const mum = await addPerson(token, 'Mum');
    const birthday = await addDate(token, mum);
    const id = await placeOrder(t.app, token, { recipientName: 'Mum', occasionId: birthday });
    expect((await call(t.app, { method: 'DELETE', url: `/api/people/${mum}`, token })).status).toBe(200);
    expect(await linksOf(id)).toEqual({ person_id: null, occasion_id: null });
    const list = (await call(t.app, { method: 'GET', url: '/api/gifts/getgifts', token })).body as unknown as Array<
      Record<string, string>
    >;
    expect(list.map((o) => [o._id, o.recipientName])).toEqual([[id, 'Mum']]);
  });
});

describe('updateGift keeps the link', () => {
  it('keeps the person and the occasion when the edit names neither', async () => {
    const { token } = await signUpWithProfile(t.app);
    const mum = await addPerson(token, 'Mum');
    const birthday = await addDate(token, mum);
    const id = await placeOrder(t.app, token, { recipientName: 'Mum', occasionId: birthday });
    const res = await updateGift(token, id, { recipientName: 'Mum', budget: '80' });
    expect(res.status).toBe(200);
    expect(await linksOf(id)).toEqual({ person_id: mum, occasion_id: birthday });
  });

  it('moves the order to another person, leaving the first one’s date, and checks the owner', async () => {
    const { token } = await signUpWithProfile(t.app);
    const mum = await addPerson(token, 'Mum');
    const dad = await addPerson(token, 'Dad');
    const birthday = await addDate(token, mum);
    const id = await placeOrder(t.app, token, { occasionId: birthday });

    const other = await signUpWithProfile(t.app);
    const theirs = await addPerson(other.token, 'Gran');
    expect((await updateGift(token, id, { personId: theirs })).status).toBe(404);
    expect(await linksOf(id)).toEqual({ person_id: mum, occasion_id: birthday });

    expect((await updateGift(token, id, { personId: dad })).status).toBe(200);
    expect(await linksOf(id)).toEqual({ person_id: dad, occasion_id: null });

    const dadsDay = await addDate(token, dad, "Father's Day", '1960-06-15');
    expect((await updateGift(token, id, { occasionId: dadsDay })).status).toBe(200);
    expect(await linksOf(id)).toEqual({ person_id: dad, occasion_id: dadsDay });

    // Unlinking the date leaves the person; unlinking the person leaves neither.
    expect((await updateGift(token, id, { occasionId: null })).status).toBe(200);
    expect(await linksOf(id)).toEqual({ person_id: dad, occasion_id: null });
    expect((await updateGift(token, id, { personId: null })).status).toBe(200);
    expect(await linksOf(id)).toEqual({ person_id: null, occasion_id: null });
  });
});

describe("getOrderDetails shows the customer's earlier orders for the same person", () => {
  const details = async (orderId: string) => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/admin/getOrderDetails',
      payload: { order_id: orderId },
      token: await adminLogin(t.app),
    });
    expect(res.status).toBe(200);
    return res.body;
  };
  /** Places orders one after another, so each is placed later than the one before. */
  const placeInTurn = async (token: string, orders: Array<Record<string, unknown>>) => {
    const ids: string[] = [];
    for (const o of orders) ids.push(await placeOrder(t.app, token, o));
    return ids;
  };

  it('lists the orders placed before for the same person, newest first, with date, occasion, status, budget', async () => {
    const { token } = await signUpWithProfile(t.app);
    const mum = await addPerson(token, 'Mum');
    const dad = await addPerson(token, 'Dad');
    const birthday = await addDate(token, mum);
    const [first, forDad, second, current, later] = await placeInTurn(token, [
      { recipientName: 'Mum', occasion: 'Birthday', occasionId: birthday, budget: '40', date: '2099-03-14' },
      { recipientName: 'Dad', personId: dad },
      { recipientName: 'Mum', occasion: "Mother's Day", personId: mum, budget: '25', date: '2099-05-10' },
      { recipientName: 'Mum', occasion: 'Christmas', personId: mum, date: '2099-12-25' },
      { recipientName: 'Mum', occasion: 'Birthday', occasionId: birthday, date: '2100-03-14' },
    ]);
    await t.app.db.query(`update gift_orders set status = 'finished' where id = $1`, [first]);

    const body = await details(current);
    expect(body.earlierOrders).toEqual([
      { _id: second, date: '2099-05-10', occasion: "Mother's Day", status: 'new', budget: '25' },
      { _id: first, date: '2099-03-14', occasion: 'Birthday', status: 'finished', budget: '40' },
    ]);
    expect(Object.keys(body).sort()).toEqual([
      'earlierOrders',
      'notes',
      'orderDetails',
      'success',
      'timeline',
      'userDetails',
    ]);
    expect(JSON.stringify(body.earlierOrders)).not.toContain(forDad);
    expect(JSON.stringify(body.earlierOrders)).not.toContain(later);
    expect((await details(first)).earlierOrders).toEqual([]);
  });

  it("counts orders without a person by the recipient's name (ignoring case and spaces), never another customer's", async () => {
    const { token } = await signUpWithProfile(t.app);
    const stranger = await signUpWithProfile(t.app);
    await placeOrder(t.app, stranger.token, { recipientName: 'Mum' });
    const [fromScratch, otherName] = await placeInTurn(token, [
      { recipientName: ' mum ', budget: '30' },
      { recipientName: 'Mummy' },
    ]);
    const mum = await addPerson(token, 'Mum');
    const [linked, unlinked] = await placeInTurn(token, [
      { recipientName: 'Mum', personId: mum },
      { recipientName: 'MUM' },
    ]);
    expect(((await details(linked)).earlierOrders as Array<{ _id: string }>).map((o) => o._id)).toEqual([fromScratch]);
    expect(((await details(unlinked)).earlierOrders as Array<{ _id: string }>).map((o) => o._id)).toEqual([
      linked,
      fromScratch,
    ]);
    expect((await details(otherName)).earlierOrders).toEqual([]);
  });

  it('shows at most 20', async () => {
    const { token } = await signUpWithProfile(t.app);
    const mum = await addPerson(token, 'Mum');
    // 25 finished orders placed on the days before (written directly: placing them would take 25 requests).
    await t.app.db.query(
      `insert into gift_orders (user_id, person_id, recipient_name, relationship, occasion, gender, address,
         phone_number, email, interests, budget, comments, date, status, created_at)
       select p.user_id, p.id, 'Mum', 'Mother', 'Birthday', 'Female', 'a', '5550000000', 'm@example.com', 'x',
         n::text, '', date '2000-01-01' + n, 'finished', now() - interval '1 day' * (30 - n)
         from people p, generate_series(1, 25) n where p.id = $1`,
      [mum],
    );
    const current = await placeOrder(t.app, token, { recipientName: 'Mum', personId: mum });
    const earlier = (await details(current)).earlierOrders as Array<{ budget: string }>;
    expect(earlier.map((o) => o.budget)).toEqual(Array.from({ length: 20 }, (_, i) => String(25 - i)));
  });
});
