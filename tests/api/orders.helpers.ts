import type { FastifyInstance } from 'fastify';

import { orderInput } from '../support/fixtures';
import { call } from './helpers';

/** Places an order and answers its _id (fails the test loudly otherwise). */
export async function placeOrder(
  app: FastifyInstance,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const res = await call(app, { method: 'POST', url: '/api/gifts/addgift', token, payload: orderInput(overrides) });
  if (res.status !== 201) throw new Error(`addgift failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body._id as string;
}

/** The caller's orders as getgifts answers them (a bare array). */
export async function listOrders(app: FastifyInstance, token: string): Promise<Array<Record<string, string>>> {
  const res = await app.inject({ method: 'GET', url: '/api/gifts/getgifts', headers: { 'auth-token': token } });
  if (res.statusCode !== 200) throw new Error(`getgifts failed: ${res.statusCode} ${res.body}`);
  return res.json();
}
