import { sql } from 'kysely';

import type { GiftFeedback } from '#contract/journey';
import type { RateGiftBody } from '#contract/shipping';

import type { Db } from '../../db/db';
import { isUuid } from '../../db/pgChecks';
import { qb, rowsOf } from '../../db/queryBuilder';
import { HttpError, notFound } from '../../lib/errors';

/** How the gift went: the customer's rating of a delivered order (docs/workflow.md, "The gift's journey"). */

const ORDER = 'Order';
const isoAt = sql<string>`to_char(feedback_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Records (or replaces) the rating of the customer's own delivered order, with an order_events 'rated' step, in one
 * statement. The same rating sent again changes nothing. Another customer's order and an unknown one are the same
 * 404; an order not yet delivered is a 409.
 */
export async function rateGift(db: Db, userId: string, orderId: string, input: RateGiftBody): Promise<GiftFeedback> {
  if (!isUuid(orderId)) throw notFound(ORDER);
  const note = input.note ?? null;
  const [rated] = await rowsOf(
    db,
    qb
      .with('rated', (q) =>
        q
          .updateTable('gift_orders')
          .set({ feedback_rating: input.rating, feedback_note: note, feedback_at: sql`now()`, updated_at: sql`now()` })
          .where('id', '=', orderId)
          .where('user_id', '=', userId)
          .where('status', '=', 'finished')
          .where('delivered_on', 'is not', null)
          .where((eb) =>
            eb.or([
              eb('feedback_rating', 'is distinct from', input.rating),
              eb('feedback_note', 'is distinct from', note),
            ]),
          )
          .returning(['id', 'feedback_at']),
      )
      .with('event', (q) =>
        q
          .insertInto('order_events')
          .columns(['order_id', 'kind', 'actor', 'detail'])
          .expression((eb) =>
            eb
              .selectFrom('rated')
              .select([
                'id',
                sql.lit('rated').as('kind'),
                sql.lit('customer').as('actor'),
                sql`${JSON.stringify({ rating: input.rating, ...(note && { note }) })}::jsonb`.as('detail'),
              ]),
          ),
      )
      .selectFrom('rated')
      .select(isoAt.as('at')),
  );
  if (rated) return { rating: input.rating, ...(note && { note }), at: rated.at };

  // Nothing written: the same rating again, or an order that may not be rated (the refusal's path only).
  const [stored] = await rowsOf(
    db,
    qb
      .selectFrom('gift_orders')
      .select(['status', 'delivered_on', 'feedback_rating', 'feedback_note', isoAt.as('at')])
      .where('id', '=', orderId)
      .where('user_id', '=', userId),
  );
  if (!stored) throw notFound(ORDER);
  if (stored.status !== 'finished' || stored.delivered_on === null) {
    throw new HttpError(409, 'You can say how the gift went once it has been delivered.');
  }
  return { rating: input.rating, ...(note && { note }), at: stored.at };
}
