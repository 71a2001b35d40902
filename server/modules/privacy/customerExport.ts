import { EXPORT_FORMAT, type ExportAnswer } from '#contract/privacy';

import type { Queryable } from '../../db/db';
import { HttpError } from '../../lib/errors';
import { getPreferences } from '../accounts/preferences';

/**
 * Everything stored about one customer (GDPR articles 15 and 20): each table's columns selected generically, so a
 * column added later appears in the export without a change here, each named in the product's words (inProductWords:
 * `phone`, not `phno`). One statement, so every section is read from the same snapshot. Secrets and internal copies
 * are left out by name,
 * and so is who on staff acted (admin_id) on an order's status moves and journey events. Staff's internal notes on
 * an order (order_notes) are staff's records about the order, not the customer's data: never exported
 * (docs/privacy.md).
 */
const EXPORT_SQL = `
  with me as (select * from users where id = $1)
  select json_build_object(
    'profile', (select to_jsonb(me) from me),
    'orders', coalesce((
      select json_agg(to_jsonb(o) || jsonb_build_object('statusHistory', coalesce((
               select jsonb_agg(to_jsonb(e) order by e.changed_at, e.id) from order_status_events e where e.order_id = o.id
             ), '[]'::jsonb), 'events', coalesce((
               select jsonb_agg(to_jsonb(v) order by v.at, v.id) from order_events v where v.order_id = o.id
             ), '[]'::jsonb)) order by o.date, o.created_at, o.id)
        from gift_orders o where o.user_id = $1), '[]'),
    'occasions', coalesce((
      select json_agg(to_jsonb(c) || jsonb_build_object('remindersSent', coalesce((
               select jsonb_agg(to_jsonb(r) order by r.sent_at) from occasion_reminders r where r.occasion_id = c.id
             ), '[]'::jsonb)) order by c.date, c.created_at, c.id)
        from occasions c where c.user_id = $1), '[]'),
    'people', coalesce((
      select json_agg(to_jsonb(p) || jsonb_build_object(
               'dates', coalesce((
                 select jsonb_agg(to_jsonb(c) order by c.date, c.created_at, c.id) from occasions c where c.person_id = p.id
               ), '[]'::jsonb),
               'giftIdeas', coalesce((
                 select jsonb_agg(to_jsonb(i) order by i.created_at, i.id) from gift_ideas i where i.person_id = p.id
               ), '[]'::jsonb)) order by p.created_at, p.id)
        from people p where p.user_id = $1), '[]'),
    'enquiries', coalesce((
      select json_agg(to_jsonb(n) order by n.created_at, n.id)
        from notes n where lower(n.email) = (select lower(email) from me)), '[]'),
    'sessions', coalesce((
      select json_agg(to_jsonb(s) - 'token_hash' order by s.created_at) from sessions s where s.user_id = $1), '[]'),
    -- The subject and dates only: a body may hold a live link, and the headers hold the unsubscribe link.
    'emails', coalesce((
      select json_agg(json_build_object('subject', m.subject, 'status', m.status, 'created_at', m.created_at,
                                        'sent_at', m.sent_at) order by m.created_at, m.id)
        from mail_queue m where lower(m.to_address) = (select lower(email) from me)), '[]'),
    -- Failed sign-ins counted against the account's email (stored lower-cased); an admin sign-in's are not the account's.
    'signInFailures', coalesce((
      select json_agg(to_jsonb(f)) from sign_in_failures f
       where f.kind = 'customer' and f.email = (select lower(email) from me)), '[]'),
    -- The browsers that signed in (decision 0041): when, and their own failed sign-ins; the secret's hash is left out.
    'deviceCredentials', coalesce((
      select json_agg(to_jsonb(d) order by d.created_at) from device_credentials d where d.user_id = $1), '[]')
  )::text as data
  from me`;

/** Columns that are never exported: anything named as a secret (a password's or a token's hash, a token). */
const SECRET_NAME = /password|token|hash|secret/i;
/**
 * Columns that only repeat what is in the export already (api_json, a copy of the order; budget_cents, the budget
 * read as cents), or mean nothing outside the server (versions, staff's ids, when the next reminder is looked at,
 * and the admin-only columns of the sessions table).
 */
const INTERNAL = new Set([
  'api_json',
  'orders_version',
  'occasions_version',
  'admin_id',
  'budget_cents',
  'next_check_at',
  'enrol_only',
  'second_factor_at',
  'idle_minutes',
]);

/**
 * The product's word for a column whose name is not it (an abbreviation, a unit, a database word). Every other
 * column is named by its own words in camelCase, as the API writes them (recipient_name is recipientName).
 */
const PRODUCT_WORDS: Record<string, string> = {
  phno: 'phone',
  card_last4: 'cardLastFourDigits',
  card_exp_month: 'cardExpirationMonth',
  card_exp_year: 'cardExpirationYear',
  billing_zip: 'billingZipCode',
  public_id: 'deviceId',
  proposal_price_cents: 'proposalPrice',
};

const camelCase = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Cents as the product writes an amount: dollars with two decimals ("49.99"). */
const dollars = (cents: unknown) => (typeof cents === 'number' ? (cents / 100).toFixed(2) : cents);

type Row = Record<string, unknown>;

/** A row in the product's words, without its secret and internal columns; its nested lists of rows likewise. */
function inProductWords(row: Row): Row {
  return Object.fromEntries(
    Object.entries(row)
      .filter(([column]) => !SECRET_NAME.test(column) && !INTERNAL.has(column))
      .map(([column, value]) => [
        PRODUCT_WORDS[column] ?? camelCase(column),
        Array.isArray(value) && value.every((v) => v && typeof v === 'object')
          ? (value as Row[]).map(inProductWords)
          : column.endsWith('_cents')
            ? dollars(value)
            : value,
      ]),
  );
}

interface StoredData {
  profile: Row;
  orders: Row[];
  occasions: Row[];
  people: Row[];
  enquiries: Row[];
  sessions: Row[];
  emails: Row[];
  signInFailures: Row[];
  deviceCredentials: Row[];
}

export async function exportCustomerData(db: Queryable, userId: string): Promise<ExportAnswer> {
  const { rows } = await db.query<{ data: string }>(EXPORT_SQL, [userId]);
  if (!rows[0]) throw new HttpError(401, 'Please sign in again');
  const stored = JSON.parse(rows[0].data) as StoredData;
  const profile = inProductWords(stored.profile);
  return {
    format: EXPORT_FORMAT,
    exportedAt: new Date().toISOString(),
    profile,
    // As the profile screen shows them (the same values are in the profile's columns).
    preferences: { ...(await getPreferences(db, userId)) },
    orders: stored.orders.map(inProductWords),
    occasions: stored.occasions.map(inProductWords),
    people: stored.people.map(inProductWords),
    enquiries: stored.enquiries.map(inProductWords),
    sessions: stored.sessions.map(inProductWords),
    emails: stored.emails.map(inProductWords),
    signInFailures: stored.signInFailures.map(inProductWords),
    deviceCredentials: stored.deviceCredentials.map(inProductWords),
  };
}
