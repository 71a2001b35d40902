import { openDatabase } from '../server/db/db';
import { migrate } from '../server/db/migrate';
import { hashPassword } from '../server/lib/secrets';
import { createSession } from '../server/modules/accounts/sessions';

/** The password of every seeded customer and of the seeded admin. */
export const SEED_PASSWORD = 'correct horse battery';

export interface SeedGroup {
  /** Label used in the seeded emails: bench.<name>.<n>@example.com. */
  name: string;
  customers: number;
  ordersPerCustomer: number;
  /** People & dates each customer keeps (none by default); no reminder falls due during a run. */
  occasionsPerCustomer?: number;
}

export interface SeededCustomer {
  email: string;
  token: string;
}

export interface Seeded {
  /** Customers per group, each with a live session token. */
  groups: Record<string, SeededCustomer[]>;
  adminToken: string;
  orders: number;
  /** Orders per status. */
  byStatus: Record<string, number>;
  seedMs: number;
}

/**
 * Fills a fresh database the way the product would have, but in bulk: customers with complete
 * profiles and one real argon2id hash (computed once with the server's own parameters, so sign-in
 * does the full verification), orders through `insert … select … generate_series` with their
 * status history, and live sessions from services/sessions.ts. The database is migrated first and
 * closed afterwards, so the server can then be started on it (PGlite allows one process per data
 * directory).
 *
 * Orders get delivery dates over the next year and creation times spread over the past; every
 * fourth is processed, every fourth finished, one in twenty rejected, the rest new.
 */
export async function seedDatabase(
  target: { dataDir: string; databaseUrl?: string },
  groups: SeedGroup[],
): Promise<Seeded> {
  const started = performance.now();
  const db = await openDatabase(target);
  try {
    await migrate(db);
    const passwordHash = await hashPassword(SEED_PASSWORD);
    const out: Record<string, SeededCustomer[]> = {};
    for (const group of groups) {
      const { rows: users } = await db.query<{ id: string; email: string }>(
        `insert into users (name, email, password_hash, address, phno, card_holder_name, card_last4,
           card_exp_month, card_exp_year, billing_zip)
         select 'Bench Customer ' || n, 'bench.' || $1 || '.' || n || '@example.com', $2, n || ' Bench Street, Springfield',
           '5551234567', 'Bench Customer ' || n, '4242', 12, extract(year from now())::int + 2, '12345'
         from generate_series(1, $3::int) n
         returning id::text as id, email`,
        [group.name, passwordHash, group.customers],
      );
      if (group.ordersPerCustomer > 0) {
        await db.query(
          `insert into gift_orders (user_id, recipient_name, relationship, occasion, gender, address, phone_number,
             email, interests, budget, default_option, comments, date, status, created_at, updated_at)
           select u.id, 'Recipient ' || g, 'Friend',
             (array['Birthday', 'Anniversary', 'Christmas', 'Graduation'])[1 + g % 4],
             (array['Male', 'Female', 'Other', ''])[1 + g % 4],
             g || ' Long Road, Springfield', '5559876543', 'recipient' || g || '@example.com',
             'Electronics, PersonalizedItem', (20 + g % 80)::text,
             (array['Flowers', 'Chocolate', 'Cake', 'Giftcard', 'None'])[1 + g % 5], 'Wrap it in something bright, please.',
             current_date + (g % 365),
             case when g % 20 = 0 then 'rejected' when g % 4 = 1 then 'processed' when g % 4 = 2 then 'finished' else 'new' end,
             now() - make_interval(mins => g), now() - make_interval(mins => g)
           from users u cross join generate_series(1, $2::int) g
           where u.email like 'bench.' || $1 || '.%'`,
          [group.name, group.ordersPerCustomer],
        );
      }
      if (group.occasionsPerCustomer) {
        await db.query(
          `insert into occasions (user_id, recipient_name, relationship, occasion, date, next_check_at)
           select u.id, 'Person ' || g, 'Friend', (array['Birthday', 'Anniversary'])[1 + g % 2],
             current_date - 365 * 30 + (g * 37) % 365, null
           from users u cross join generate_series(1, $2::int) g
           where u.email like 'bench.' || $1 || '.%'`,
          [group.name, group.occasionsPerCustomer],
        );
      }
      // Each group gets its own sessions; a session per customer, as after a sign-in.
      const customers: SeededCustomer[] = [];
      for (const user of users)
        customers.push({ email: user.email, token: await createSession(db, 'customer', user.id) });
      customers.sort((a, b) => a.email.localeCompare(b.email, 'en', { numeric: true }));
      out[group.name] = customers;
    }
    // Status history as the workflow would have written it: creation, then each move.
    await db.exec(`
      insert into order_status_events (order_id, from_status, to_status, changed_at, actor)
        select id, null, 'new', created_at, 'customer' from gift_orders;
      insert into order_status_events (order_id, from_status, to_status, changed_at, actor)
        select id, 'new', case when status = 'rejected' then 'rejected' else 'processed' end, created_at + interval '1 hour',
               'staff'
        from gift_orders where status <> 'new';
      insert into order_status_events (order_id, from_status, to_status, changed_at, actor)
        select id, 'processed', 'finished', created_at + interval '2 hours', 'staff' from gift_orders where status = 'finished';
      analyze;
    `);
    const { rows: admins } = await db.query<{ id: string }>(
      `insert into admins (email, password_hash) values ('bench.admin@example.com', $1) returning id::text as id`,
      [passwordHash],
    );
    // As just signed in with a code, so that the sensitive calls measured (the CSV export) are allowed.
    const adminToken = await createSession(db, 'admin', admins[0].id, { start: { secondFactorPassed: true } });
    const { rows: counts } = await db.query<{ status: string; n: number }>(
      'select status, count(*)::int as n from gift_orders group by status order by status',
    );
    const byStatus = Object.fromEntries(counts.map((c) => [c.status, c.n]));
    return {
      groups: out,
      adminToken,
      orders: counts.reduce((sum, c) => sum + c.n, 0),
      byStatus,
      seedMs: performance.now() - started,
    };
  } finally {
    await db.close();
  }
}
