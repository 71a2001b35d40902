import ical, { ICalEventRepeatingFreq } from 'ical-generator';

import type { Queryable } from '../../db/db';

/** An all-day date as ical-generator takes it: noon UTC lands on the same calendar day in every zone. */
const allDay = (date: string) => new Date(`${date}T12:00:00Z`);

/**
 * The iCalendar text of the customer whose feed token this is, or null for an unknown token: every
 * occasion as an all-day event (yearly when it repeats) and every order's delivery date.
 */
export async function calendarFeed(db: Queryable, token: string, publicUrl: string): Promise<string | null> {
  const { rows: users } = await db.query<{ id: string; name: string }>(
    'select id, name from users where feed_token = $1',
    [token],
  );
  const user = users[0];
  if (!user) return null;
  const [{ rows: occasions }, { rows: orders }] = await Promise.all([
    db.query<{
      id: string;
      recipient: string;
      occasion: string;
      relationship: string;
      date: string;
      yearly: boolean;
    }>(
      `select id::text as id, recipient_name as recipient, occasion, relationship, date::text as date, repeats_yearly as yearly
         from occasions where user_id = $1 order by date, id`,
      [user.id],
    ),
    db.query<{ id: string; recipient: string; occasion: string; date: string; status: string }>(
      `select id::text as id, recipient_name as recipient, occasion, date::text as date, status
         from gift_orders where user_id = $1 order by date, id`,
      [user.id],
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
      ...(o.yearly ? { repeating: { freq: ICalEventRepeatingFreq.YEARLY } } : {}),
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
