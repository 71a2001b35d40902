import { sql } from 'kysely';

import type { CustomerTimelineStep } from '#contract/timeline';

import type { Queryable } from '../../db/db';
import { customerStep, timelineRows, type TimelineRow } from '../../db/orderTimeline';
import { isUuid } from '../../db/pgChecks';
import { rawRowsOf } from '../../db/queryBuilder';
import { notFound } from '../../lib/errors';

/**
 * The customer's timeline of one of their orders, oldest first, in words a customer reads (no one on staff named,
 * no internal note). Owner and order are checked in the one statement: another customer's order and an unknown one
 * both answer the same 404.
 */
export async function customerTimeline(
  db: Queryable,
  userId: string,
  orderId: string,
): Promise<CustomerTimelineStep[]> {
  if (!isUuid(orderId)) throw notFound('Order');
  const rows = await rawRowsOf(
    db,
    sql<TimelineRow>`select * from (${timelineRows(orderId, sql`o.user_id = ${userId}::uuid`)}) t order by t.seq`,
  );
  if (rows.length === 0) throw notFound('Order');
  return rows.map(customerStep);
}
