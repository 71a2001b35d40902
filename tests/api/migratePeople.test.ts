import { describe, expect, inject, it } from 'vitest';

import { openPglite, openPostgres, type Db } from '../../server/db/db';
import { migrate } from '../../server/db/migrate';
import { MIGRATIONS } from '../../server/db/migrations';
import { createDatabase } from '../support/postgres';

/** A new database on this project's engine (PGlite, or the api-postgres project's PostgreSQL server). */
async function withDatabase<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const serverUrl = inject('postgresUrl');
  const database = serverUrl ? await createDatabase(serverUrl) : null;
  const db = database ? await openPostgres(database.url) : await openPglite(null);
  try {
    return await fn(db);
  } finally {
    await db.close();
    await database?.drop();
  }
}

const people = MIGRATIONS.find((m) => m.name.startsWith('people the customer buys for'))!;

interface OldOccasion {
  name: string;
  relationship: string;
  occasion: string;
  date: string;
  address?: string;
  phone?: string;
  email?: string;
  interests?: string;
  budget?: string;
  defaultOption?: string;
  comments?: string;
  repeatsYearly?: boolean;
  remind?: number[];
  createdAt: string;
  updatedAt: string;
}

async function oldOccasion(db: Db, userId: string, o: OldOccasion): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into occasions (user_id, recipient_name, relationship, occasion, date, address, phone_number, email,
                            interests, budget, default_option, comments, repeats_yearly, remind_days_before,
                            next_check_at, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, '2031-01-01T00:00:00Z', $15, $16)
     returning id::text`,
    [
      userId,
      o.name,
      o.relationship,
      o.occasion,
      o.date,
      o.address ?? '',
      o.phone ?? '',
      o.email ?? '',
      o.interests ?? '',
      o.budget ?? '',
      o.defaultOption ?? 'None',
      o.comments ?? '',
      o.repeatsYearly ?? true,
      o.remind ?? [30, 7],
      o.createdAt,
      o.updatedAt,
    ],
  );
  return rows[0].id;
}

async function oldOrder(db: Db, userId: string, occasionId: string | null, name: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into gift_orders (user_id, occasion_id, recipient_name, relationship, occasion, address, phone_number,
                              email, interests, budget, date)
     values ($1, $2, $3, 'Mother', 'Birthday', '1 Road', '5550100', 'a@example.com', 'Books', '40', '2030-03-14')
     returning id::text`,
    [userId, occasionId, name],
  );
  return rows[0].id;
}

describe('the people migration', () => {
  it("turns each customer's occasions into people by name, keeping every differing value in the notes", async () => {
    await withDatabase(async (db) => {
      await migrate(
        db,
        MIGRATIONS.filter((m) => m.version < people.version),
      );
      const customer = async (email: string) =>
        (
          await db.query<{ id: string }>(
            "insert into users (name, email, password_hash) values ('Old', $1, 'x') returning id::text",
            [email],
          )
        ).rows[0].id;
      const ann = await customer('ann@example.com');
      const ben = await customer('ben@example.com');

      // Ann typed her mother twice, differently, a year apart; the later one ("  mum ") is the more recent.
      const birthday = await oldOccasion(db, ann, {
        name: 'Mum',
        relationship: 'Mother',
        occasion: 'Birthday',
        date: '1956-03-14',
        address: '1 Old Road',
        phone: '5550100',
        email: 'mum@example.com',
        interests: 'Gardening',
        budget: '40',
        defaultOption: 'Flowers',
        comments: 'Likes blue',
        remind: [0],
        createdAt: '2024-01-01T10:00:00Z',
        updatedAt: '2024-02-01T10:00:00Z',
      });
      const mothersDay = await oldOccasion(db, ann, {
        name: '  mum ',
        relationship: 'Mom',
        occasion: "Mother's Day",
        date: '2025-05-11',
        address: '2 New Street',
        email: 'mum@example.com',
        interests: 'Gardening',
        budget: '60',
        comments: 'Allergic to lilies',
        repeatsYearly: false,
        remind: [14, 1],
        createdAt: '2024-06-01T10:00:00Z',
        updatedAt: '2025-06-01T10:00:00Z',
      });
      const dad = await oldOccasion(db, ann, {
        name: 'Dad',
        relationship: 'Father',
        occasion: 'Birthday',
        date: '1950-09-30',
        createdAt: '2024-01-02T10:00:00Z',
        updatedAt: '2024-01-02T10:00:00Z',
      });
      // Another customer's Mum is another person.
      const bensMum = await oldOccasion(db, ben, {
        name: 'Mum',
        relationship: 'Mother',
        occasion: 'Birthday',
        date: '1960-12-01',
        address: '9 Far Lane',
        createdAt: '2024-03-01T10:00:00Z',
        updatedAt: '2024-03-01T10:00:00Z',
      });
      await db.query(
        `insert into occasion_reminders (occasion_id, occurrence, days_before) values ($1, '2025-03-14', 0)`,
        [birthday],
      );
      const linked = await oldOrder(db, ann, birthday, 'Mum');
      const unlinked = await oldOrder(db, ann, null, 'Mum');
      const bensOrder = await oldOrder(db, ben, bensMum, 'Mum');
      const before = await db.query<{
        id: string;
        occasion: string;
        date: string;
        repeats: boolean;
        remind: number[];
        check: string;
      }>(
        `select id::text, occasion, date::text, repeats_yearly as repeats, remind_days_before::int[] as remind,
                next_check_at::text as check
           from occasions order by id`,
      );

      expect(await migrate(db)).toContain(people.version);

      const persons = await db.query<Record<string, unknown>>(
        `select id::text, user_id::text, name, relationship, gender, address, phone_number, email, interests, budget,
                default_option, notes, birth_year, created_at, updated_at
           from people order by user_id = $1 desc, name`,
        [ann],
      );
      expect(persons.rows.map(({ id: _id, ...p }) => p)).toEqual([
        {
          user_id: ann,
          name: 'Dad',
          relationship: 'Father',
          gender: '',
          address: '',
          phone_number: '',
          email: '',
          interests: '',
          budget: '',
          default_option: 'None',
          notes: '',
          birth_year: null,
          created_at: new Date('2024-01-02T10:00:00Z'),
          updated_at: new Date('2024-01-02T10:00:00Z'),
        },
        {
          // The most recently changed occasion's details; the other's, where they differ, in the notes.
          user_id: ann,
          name: 'mum',
          relationship: 'Mom',
          gender: '',
          address: '2 New Street',
          phone_number: '',
          email: 'mum@example.com',
          interests: 'Gardening',
          budget: '60',
          default_option: 'None',
          notes: [
            'Allergic to lilies',
            '',
            'Address (from Birthday, 1956-03-14): 1 Old Road',
            'Budget (from Birthday, 1956-03-14): 40',
            'Comments (from Birthday, 1956-03-14): Likes blue',
            'Default option (from Birthday, 1956-03-14): Flowers',
            'Name (from Birthday, 1956-03-14): Mum',
            'Phone number (from Birthday, 1956-03-14): 5550100',
            'Relationship (from Birthday, 1956-03-14): Mother',
          ].join('\n'),
          birth_year: null,
          created_at: new Date('2024-01-01T10:00:00Z'),
          updated_at: new Date('2025-06-01T10:00:00Z'),
        },
        {
          user_id: ben,
          name: 'Mum',
          relationship: 'Mother',
          gender: '',
          address: '9 Far Lane',
          phone_number: '',
          email: '',
          interests: '',
          budget: '',
          default_option: 'None',
          notes: '',
          birth_year: null,
          created_at: new Date('2024-03-01T10:00:00Z'),
          updated_at: new Date('2024-03-01T10:00:00Z'),
        },
      ]);
      const idOf = (userId: string, name: string) =>
        persons.rows.find((p) => p.user_id === userId && p.name === name)!.id as string;
      const annsMum = idOf(ann, 'mum');

      // Every occasion keeps its date and reminders, and points at its person.
      const after = await db.query<{ id: string; person_id: string; year_known: boolean }>(
        `select id::text, occasion, date::text, repeats_yearly as repeats, remind_days_before::int[] as remind,
                next_check_at::text as check, person_id::text, year_known
           from occasions order by id`,
      );
      expect(after.rows.map(({ person_id: _p, year_known: _y, ...o }) => o)).toEqual(before.rows);
      expect(Object.fromEntries(after.rows.map((o) => [o.id, [o.person_id, o.year_known]]))).toEqual({
        [birthday]: [annsMum, true],
        [mothersDay]: [annsMum, true],
        [dad]: [idOf(ann, 'Dad'), true],
        [bensMum]: [idOf(ben, 'Mum'), true],
      });
      const reminders = await db.query('select occasion_id::text from occasion_reminders');
      expect(reminders.rows).toEqual([{ occasion_id: birthday }]);

      // Orders placed from an occasion point at its person; the others at nobody.
      const orders = await db.query<{ id: string; person_id: string | null; occasion_id: string | null }>(
        'select id::text, person_id::text, occasion_id::text from gift_orders',
      );
      expect(Object.fromEntries(orders.rows.map((o) => [o.id, [o.person_id, o.occasion_id]]))).toEqual({
        [linked]: [annsMum, birthday],
        [unlinked]: [null, null],
        [bensOrder]: [idOf(ben, 'Mum'), bensMum],
      });

      // One person per customer and name from now on.
      await expect(db.query(`insert into people (user_id, name) values ($1, ' MUM')`, [ann])).rejects.toThrow();
    });
  });
});
