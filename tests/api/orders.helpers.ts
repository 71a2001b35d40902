import type { FastifyInstance } from 'fastify';
import { call } from './helpers';

/** A UTC calendar date `days` from today, as YYYY-MM-DD. */
export function utcDate(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A complete, valid order body; override any field. */
export function validOrder(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    recipientName: 'Maya',
    relationship: 'Sister',
    occasion: 'Birthday',
    gender: 'Female',
    address: '7 Elm Road, Springfield',
    phoneNumber: '5559876543',
    email: 'maya@example.com',
    interests: 'Electronics',
    budget: '50',
    defaultOption: 'Flowers',
    comments: 'She loves purple',
    date: utcDate(10),
    ...overrides,
  };
}

/** Places an order and answers its _id (fails the test loudly otherwise). */
export async function placeOrder(app: FastifyInstance, token: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await call(app, { method: 'POST', url: '/api/gifts/addgift', token, payload: validOrder(overrides) });
  if (res.status !== 201) throw new Error(`addgift failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body._id as string;
}

/** The caller's orders as getgifts answers them (a bare array). */
export async function listOrders(app: FastifyInstance, token: string): Promise<Array<Record<string, string>>> {
  const res = await app.inject({ method: 'GET', url: '/api/gifts/getgifts', headers: { 'auth-token': token } });
  if (res.statusCode !== 200) throw new Error(`getgifts failed: ${res.statusCode} ${res.body}`);
  return res.json();
}
