import ical, { ICalEventRepeatingFreq, type ICalRepeatingOptions } from 'ical-generator';
import { sql } from 'kysely';

import type { Queryable } from '../../db/db';
import { qb, rowsOf } from '../../db/queryBuilder';

/** An all-day date as ical-generator takes it: noon UTC lands on the same calendar day in every zone. */
const allDay = (date: string) => new Date(`${date}T12:00:00Z`);

/**
 * The feed's way of writing events, sent in its ETag (routes.ts): raise it when that changes, so calendar apps
 * holding an older feed fetch it again rather than get 304 until the customer's data changes. 2: 29 February.
 */
export const FEED_FORMAT = 2;

/**
 * How a yearly date recurs. A 29 February recurs on the last day of February, which is where the app puts it in a
 * common year (28 February); RFC 5545 would skip a plain yearly 29 February three years in four (decision 0019).
 */
const yearly = (date: string): ICalRepeatingOptions =>
  date.endsWith('-02-29')
    ? { freq: ICalEventRepeatingFreq.YEARLY, byMonth: [2], byMonthDay: [-1] }
    : { freq: ICalEventRepeatingFreq.YEARLY };

/**
 * The customer's calendar as iCalendar text: every occasion as an all-day event (yearly when it repeats) and
 * every order's delivery date. The caller found the customer by the feed's token (feedTokens.ts).
 */
export async function calendarFeed(db: Queryable, userId: string, publicUrl: string): Promise<string> {
  const [occasions, orders] = await Promise.all([
    rowsOf(
      db,
      qb
        .selectFrom('occasions')
        .innerJoin('people', 'people.id', 'occasions.person_id')
        .select([
          sql<string>`occasions.id::text`.as('id'),
          'people.name as recipient',
          'occasions.occasion',
          'people.relationship',
          sql<string>`occasions.date::text`.as('date'),
          'occasions.repeats_yearly as yearly',
        ])
        .where('occasions.user_id', '=', userId)
        .orderBy('occasions.date')
        .orderBy('occasions.id'),
    ),
    rowsOf(
      db,
      qb
        .selectFrom('gift_orders')
        .select([
          sql<string>`id::text`.as('id'),
          'recipient_name as recipient',
          'occasion',
          sql<string>`date::text`.as('date'),
          'status',
        ])
        .where('user_id', '=', userId)
        .orderBy('date')
        .orderBy('id'),
    ),
  ]);
  const host = new URL(publicUrl).hostname;
  const calendar = ical({ name: 'Giftwise', prodId: { company: 'Giftwise', product: 'occasions' } });
  for (const o of occasions) {
    calendar.createEvent({
      id: `occasion-${o.id}@${host}`,
      start: allDay(o.date),
      allDay: true,
      summary: `${o.recipient}'s ${o.occasion}`,
      description: `${o.relationship}. Order a gift: ${publicUrl}/orders`,
      ...(o.yearly ? { repeating: yearly(o.date) } : {}),
    });
  }
  for (const g of orders) {
    calendar.createEvent({
      id: `order-${g.id}@${host}`,
      start: allDay(g.date),
      allDay: true,
      summary: `Gift delivery: ${g.recipient} (${g.occasion})`,
      description: `Order status: ${g.status}. ${publicUrl}/orders`,
    });
  }
  return calendar.toString();
}
