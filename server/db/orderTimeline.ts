import { sql, type RawBuilder } from 'kysely';

import {
  actorWords,
  customerStepWords,
  staffStepWords,
  type Actor,
  type CustomerTimelineStep,
  type JourneyEventDetail,
  type StaffTimelineStep,
  type TimelineKind,
} from '#contract/timeline';

/**
 * An order's timeline and staff's notes as SQL that a larger statement can carry: the customer's timeline call
 * (modules/journey/timeline.ts) and staff's View Order (getOrderDetails, which holds them in its one statement)
 * read the same rows. Here rather than in a module so that the admin and journey modules can both use it without
 * depending on each other.
 */

/** One step as the statement reads it (docs/workflow.md, the timeline). */
export interface TimelineRow {
  kind: TimelineKind;
  actor: Actor;
  reason: string | null;
  detail: JourneyEventDetail | null;
  admin_email: string | null;
  /** ISO 8601 */
  at: string;
  /** YYYY-MM-DD */
  day: string;
}

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * The steps of order `orderId`, each with a `seq` that orders them oldest first: the status moves (the first, with
 * no from_status, is the order being placed) and the journey's events. At one instant (an approval that moves the
 * order) the event comes before the move it caused. An order placed before its creation was recorded still starts
 * with "placed", at its created_at. The day is the step's own (a shipment's, a delivery's) or the day it was
 * recorded in the customer's time zone (UTC once the account is erased). `extraWhere` narrows the order (its owner).
 */
export function timelineRows(orderId: RawBuilder<unknown> | string, extraWhere: RawBuilder<unknown> = sql`true`) {
  return sql<TimelineRow & { seq: number }>`
    select s.kind, s.actor, s.reason, s.detail, a.email as admin_email,
           to_char(s.at at time zone 'UTC', ${sql.raw(ISO)}) as at,
           coalesce(s.own_day, to_char(s.at at time zone coalesce(u.time_zone, 'UTC'), 'YYYY-MM-DD')) as day,
           row_number() over (order by s.at, s.source, s.id) as seq
      from gift_orders o
      left join users u on u.id = o.user_id
      cross join lateral (
        select case when e.from_status is null then 'placed' else e.to_status end as kind, e.actor, e.admin_id,
               e.reason, null::jsonb as detail, e.changed_at as at, null::text as own_day,
               case when e.from_status is null then 0 else 2 end as source, e.id
          from order_status_events e where e.order_id = o.id
        union all
        select v.kind, v.actor, v.admin_id, null, v.detail, v.at,
               coalesce(v.detail->>'shippedOn', v.detail->>'deliveredOn'), 1, v.id
          from order_events v where v.order_id = o.id
        union all
        select 'placed', 'customer', null, null, null, o.created_at, null, 0, 0
         where not exists (select 1 from order_status_events p where p.order_id = o.id and p.from_status is null)
      ) s
      left join admins a on a.id = s.admin_id
     where o.id = ${orderId}::uuid and ${extraWhere}`;
}

/** The timeline of the order `orderRef` names, as the JSON text of an array of TimelineRow, oldest first. */
export const timelineJson = (orderRef: RawBuilder<unknown>) =>
  sql<string>`coalesce((select json_agg(t order by t.seq) from (${timelineRows(orderRef)}) t), '[]')::text`;

/** Staff's notes on the order `orderRef` names, newest last, as the JSON text of an array of OrderNote. */
export const notesJson = (orderRef: RawBuilder<unknown>) =>
  sql<string>`coalesce((
    select json_agg(json_build_object('_id', n.id::text, 'body', n.body, 'by', coalesce(a.email, 'a removed admin'),
                                      'at', to_char(n.created_at at time zone 'UTC', ${sql.raw(ISO)}))
                    order by n.created_at, n.id)
      from order_notes n left join admins a on a.id = n.admin_id
     where n.order_id = ${orderRef}), '[]')::text`;

const facts = (row: TimelineRow) => ({ kind: row.kind, actor: row.actor, reason: row.reason, detail: row.detail });

export const customerStep = (row: TimelineRow): CustomerTimelineStep => ({
  kind: row.kind,
  at: row.at,
  day: row.day,
  words: customerStepWords(facts(row)),
});

export const staffStep = (row: TimelineRow): StaffTimelineStep => ({
  kind: row.kind,
  at: row.at,
  day: row.day,
  words: staffStepWords(facts(row)),
  by: actorWords(row.actor, row.admin_email),
});
