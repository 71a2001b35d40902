import { expect, type APIRequestContext, type Page } from '@playwright/test';

import { adminCredentials, newCustomer } from './support';

/** This worker's admin session, while it lives (a code is taken once: signing in for every test would wait). */
let workerAdminToken: string | null = null;

/**
 * An admin token of the e2e server's bootstrap admin: the one this worker signed in with (POST /api/admin/login
 * with a code) while the server still accepts it, else a new sign-in.
 */
export async function adminToken(request: APIRequestContext): Promise<string> {
  if (workerAdminToken) {
    const check = await request.get('/api/admin/check', { headers: { 'auth-token': workerAdminToken } });
    if (check.status() === 200) return workerAdminToken;
  }
  const res = await request.post('/api/admin/login', { data: await adminCredentials() });
  const body = (await res.json()) as { success: boolean; authtoken?: string; error?: string };
  expect(body, `admin login: ${JSON.stringify(body)}`).toMatchObject({ success: true });
  workerAdminToken = body.authtoken!;
  return workerAdminToken;
}

export interface StoredNote {
  _id: string;
  name: string;
  email: string;
  details: string;
}

/** The enquiries of one kind, as staff read them (POST /api/admin/getNotes). */
export async function adminNotes(request: APIRequestContext, type: string): Promise<StoredNote[]> {
  const token = await adminToken(request);
  const res = await request.post('/api/admin/getNotes', { data: { type }, headers: { 'auth-token': token } });
  const body = (await res.json()) as { success: boolean; data?: StoredNote[] };
  expect(body, `getNotes ${type}`).toMatchObject({ success: true });
  return body.data!;
}

/**
 * A fresh customer, signed up through the API, with a complete profile (so /orders opens instead
 * of sending them to /profile).
 */
export async function customerToken(request: APIRequestContext): Promise<string> {
  return (await newCustomer(request, 'A11y Customer')).token;
}

/** Stores tokens and the colour mode before any page script runs. */
export async function prepareStorage(page: Page, items: Record<string, string>): Promise<void> {
  await page.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, items);
}
