import { expect, type APIRequestContext, type Page } from '@playwright/test';

import { E2E_ADMIN, newCustomer } from './support';

/** An admin token from POST /api/admin/login with the e2e server's bootstrap admin. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/admin/login', { data: E2E_ADMIN });
  const body = (await res.json()) as { success: boolean; authtoken?: string; error?: string };
  expect(body, `admin login: ${JSON.stringify(body)}`).toMatchObject({ success: true });
  return body.authtoken!;
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
