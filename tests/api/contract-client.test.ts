import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { isoDateFromNow } from '../support/fixtures';
import { call, signUp, startTestApp, type TestApp } from './helpers';
import { listOrders } from './orders.helpers';

/**
 * A client written only from the published call table and entity fields, the way a plain HTML
 * form would send them: <select> values are strings, the budget is text, the date is YYYY-MM-DD,
 * and what the server answered is sent back whole with the user's edits. Every such round trip
 * must work; changing a read-only field or sending an unknown key must still be refused.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** Every table a customer can touch: a refused request must leave all of it exactly as it was. */
const snapshot = async () => ({
  users: (await t.app.db.query('select * from users order by id')).rows,
  orders: (await t.app.db.query('select * from gift_orders order by id')).rows,
  events: (await t.app.db.query('select * from order_status_events order by id')).rows,
});

const profileOf = async (token: string) => {
  const res = await call(t.app, { method: 'GET', url: '/api/auth/getUserDetails', token });
  expect(res.status).toBe(200);
  return res.body.data as Record<string, unknown>;
};

describe('a client written from the call table alone', () => {
  it('completes the profile, orders, edits, is refused a status change and an unknown key, and deletes', async () => {
    const { token, email } = await signUp(t.app, 'Rita Contract');
    const year = String(new Date().getFullYear() + 3);

    // Profile: getUserDetails, then send that data back whole with the form's edits. Month and year
    // come from <select> elements, so they are strings.
    const fetched = await profileOf(token);
    expect(fetched.email).toBe(email);
    const profileEdit = await call(t.app, {
      method: 'PUT',
      url: '/api/auth/updateUser',
      token,
      payload: {
        ...fetched,
        address: '3 Contract Way, Springfield',
        phno: '5552223333',
        cardHolderName: 'Rita Contract',
        cardNumber: '4242 4242 4242 4242',
        cvv: '321',
        cardExpirationMonth: '07',
        cardExpirationYear: year,
        billingZipCode: '90210',
      },
    });
    expect(profileEdit).toEqual({ status: 200, body: { success: true } });
    const saved = await profileOf(token);
    expect(saved).toEqual({
      name: 'Rita Contract',
      email,
      address: '3 Contract Way, Springfield',
      phno: '5552223333',
      cardHolderName: 'Rita Contract',
      cardLast4: '4242',
      cardExpirationMonth: 7,
      cardExpirationYear: Number(year),
      billingZipCode: '90210',
      autoApproveProposals: false,
    });
    // The same answer sent straight back (with cardLast4 and email) changes nothing and is accepted.
    expect(await call(t.app, { method: 'PUT', url: '/api/auth/updateUser', token, payload: saved })).toEqual({
      status: 200,
      body: { success: true },
    });
    expect(await profileOf(token)).toEqual(saved);

    // Order: every field of the order form as the form holds it, countryCode included.
    const form = {
      recipientName: 'Nora',
      relationship: 'Aunt',
      occasion: 'Anniversary',
      gender: 'Female',
      address: '9 Lake View, Springfield',
      countryCode: '+1',
      phoneNumber: '5554445555',
      email: 'nora@example.com',
      interests: 'PersonalizedItem',
      budget: '75.50',
      defaultOption: 'Chocolate',
      comments: 'Dark chocolate only',
      date: isoDateFromNow(14),
    };
    const added = await call(t.app, { method: 'POST', url: '/api/gifts/addgift', token, payload: form });
    expect(added.status).toBe(201);
    expect(added.body.success).toBe(true);
    const id = added.body._id as string;

    const [order] = await listOrders(t.app, token);
    // The country code is kept with the order, and answered after the status.
    expect(order).toEqual({ ...form, _id: id, status: 'new' });

    // The whole order as getgifts gave it, one field edited (the edit dialog sends everything back).
    const edited = await call(t.app, {
      method: 'PUT',
      url: `/api/gifts/updateGift/${id}`,
      token,
      payload: { ...order, comments: 'Milk chocolate is fine too' },
    });
    expect(edited).toEqual({ status: 200, body: { success: true } });
    const [afterEdit] = await listOrders(t.app, token);
    expect(afterEdit).toEqual({ ...order, comments: 'Milk chocolate is fine too' });

    // A customer cannot move the order's status, and an unknown key is named; nothing changes.
    const before = await snapshot();
    const statusChange = await call(t.app, {
      method: 'PUT',
      url: `/api/gifts/updateGift/${id}`,
      token,
      payload: { ...afterEdit, status: 'finished' },
    });
    expect(statusChange).toEqual({
      status: 400,
      body: { success: false, error: "Customers cannot change an order's status" },
    });
    const unknownKey = await call(t.app, {
      method: 'PUT',
      url: `/api/gifts/updateGift/${id}`,
      token,
      payload: { ...afterEdit, comments: 'x', giftWrap: true },
    });
    expect(unknownKey).toEqual({ status: 400, body: { success: false, error: 'Unrecognized key: "giftWrap"' } });
    expect(await snapshot()).toEqual(before);
    expect(await listOrders(t.app, token)).toEqual([afterEdit]);

    const deleted = await call(t.app, { method: 'DELETE', url: `/api/gifts/deleteGift/${id}`, token });
    expect(deleted).toEqual({ status: 200, body: { success: true } });
    expect(await listOrders(t.app, token)).toEqual([]);
  });
});

describe('read-only fields sent back to the server', () => {
  it('accepts the account email unchanged (in any letter case) and refuses a different one, changing nothing', async () => {
    const { token, email } = await signUp(t.app);
    const profile = await profileOf(token);
    const sameEmail = await call(t.app, {
      method: 'PUT',
      url: '/api/auth/updateUser',
      token,
      payload: { ...profile, email: email.toUpperCase(), address: 'Here' },
    });
    expect(sameEmail).toEqual({ status: 200, body: { success: true } });
    expect((await profileOf(token)).address).toBe('Here');

    const before = await snapshot();
    const otherEmail = await call(t.app, {
      method: 'PUT',
      url: '/api/auth/updateUser',
      token,
      payload: { ...profile, email: 'someone.else@example.com', address: 'There' },
    });
    expect(otherEmail).toEqual({ status: 400, body: { success: false, error: 'Email cannot be changed' } });
    // Compared with the stored email in SQL, so a NUL (which PostgreSQL text cannot hold) is refused first.
    const nulEmail = await call(t.app, {
      method: 'PUT',
      url: '/api/auth/updateUser',
      token,
      payload: { ...profile, email: `${email}\u0000`, address: 'There' },
    });
    expect(nulEmail).toEqual({ status: 400, body: { success: false, error: 'Email must not contain NUL characters' } });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses profile keys neither the contract nor the server know, naming the key', async () => {
    const { token } = await signUp(t.app);
    const before = await snapshot();
    const res = await call(t.app, {
      method: 'PUT',
      url: '/api/auth/updateUser',
      token,
      payload: { ...(await profileOf(token)), isAdmin: true },
    });
    expect(res).toEqual({ status: 400, body: { success: false, error: 'Unrecognized key: "isAdmin"' } });
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['with letters after the digits', '12abc'],
    ['empty', ''],
    ['in exponent form', '1e1'],
    ['with a leading space', ' 12'],
    ['with a decimal point', '12.0'],
    ['negative', '-1'],
  ])('refuses an expiry month written %s, changing nothing', async (_case, month) => {
    const { token } = await signUp(t.app);
    const before = await snapshot();
    const res = await call(t.app, {
      method: 'PUT',
      url: '/api/auth/updateUser',
      token,
      payload: {
        ...(await profileOf(token)),
        cardExpirationMonth: month,
        cardExpirationYear: String(new Date().getFullYear()),
      },
    });
    expect(res).toEqual({
      status: 400,
      body: { success: false, error: 'Card expiration month must be a whole number from 1 to 12' },
    });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an expiry month out of range even as digits, and a year written with letters', async () => {
    const { token } = await signUp(t.app);
    const profile = await profileOf(token);
    const before = await snapshot();
    const put = (change: Record<string, unknown>) =>
      call(t.app, { method: 'PUT', url: '/api/auth/updateUser', token, payload: { ...profile, ...change } });
    expect(await put({ cardExpirationMonth: '13' })).toEqual({
      status: 400,
      body: { success: false, error: 'Card expiration month must be a whole number from 1 to 12' },
    });
    expect(await put({ cardExpirationMonth: '0' })).toEqual({
      status: 400,
      body: { success: false, error: 'Card expiration month must be a whole number from 1 to 12' },
    });
    expect(await put({ cardExpirationYear: '2030x' })).toEqual({
      status: 400,
      body: { success: false, error: 'Card expiration year must be a whole number' },
    });
    expect(await put({ cardExpirationYear: String(new Date().getFullYear() - 1) })).toEqual({
      status: 400,
      body: { success: false, error: 'Card expiration year is out of range' },
    });
    expect(await snapshot()).toEqual(before);
  });

  it("accepts an order's unchanged status but still refuses a status that is not one at all", async () => {
    const { token } = await signUp(t.app);
    await call(t.app, {
      method: 'PUT',
      url: '/api/auth/updateUser',
      token,
      payload: {
        ...(await profileOf(token)),
        address: 'A',
        phno: '5550001111',
        cardHolderName: 'A',
        cardNumber: '4242424242424242',
        cardExpirationMonth: '1',
        cardExpirationYear: String(new Date().getFullYear() + 1),
        billingZipCode: '1',
      },
    });
    const placed = await call(t.app, {
      method: 'POST',
      url: '/api/gifts/addgift',
      token,
      payload: {
        recipientName: 'Ola',
        relationship: 'Friend',
        occasion: 'Birthday',
        address: 'B',
        phoneNumber: '5550002222',
        email: 'ola@example.com',
        interests: 'Books',
        budget: '20',
        date: isoDateFromNow(5),
      },
    });
    expect(placed.status).toBe(201);
    const [order] = await listOrders(t.app, token);
    expect(
      await call(t.app, { method: 'PUT', url: `/api/gifts/updateGift/${order._id}`, token, payload: order }),
    ).toEqual({ status: 200, body: { success: true } });

    const before = await snapshot();
    for (const status of ['shipped', '', null]) {
      const res = await call(t.app, {
        method: 'PUT',
        url: `/api/gifts/updateGift/${order._id}`,
        token,
        payload: { ...order, status },
      });
      expect(res).toEqual({
        status: 400,
        body: { success: false, error: "Customers cannot change an order's status" },
      });
    }
    expect(await snapshot()).toEqual(before);
  });
});
