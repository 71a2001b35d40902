import { createHash } from 'node:crypto';

import { OPEN_STATUSES } from '#contract/orderStatus';
import { ERASURE_CANCEL_REASON } from '#contract/privacy';

import type { Db, Queryable } from '../../db/db';
import { PER_CUSTOMER_LIMITS, perCustomerKey, storedSharedKey } from '../../plugins/rateLimits';
import { withdrawOpenProposals } from '../journey/proposals';

/**
 * Erasing a customer's account (GDPR article 17), by the customer or by staff on their request. What is erased,
 * what is kept and why: docs/privacy.md. Everything happens in one transaction: it is all done, or nothing is.
 */

/** Who asked: the customer themselves, or an admin (by id) acting on the customer's request. */
export type ErasedBy = { kind: 'customer' } | { kind: 'staff'; adminId: string };

/**
 * The erasures history's reference to the account: not reversible (the id is random, and gone once erased), but
 * the same for the same account, so an operator who restores a backup can find the accounts to erase again.
 */
export const subjectRef = (userId: string) => createHash('sha256').update(userId).digest('hex');

const OPEN = [...OPEN_STATUSES];

/**
 * Orders not yet finished are cancelled: the workflow's end for an order that will not be delivered is
 * 'rejected', so they move there with a reason, recorded in their history as a move by nobody on staff.
 */
const CANCEL_OPEN_ORDERS = `
  with open as (
    select id, status from gift_orders where user_id = $1 and status = any($2::text[])
  ), cancelled as (
    update gift_orders o set status = 'rejected', status_reason = $3, status_since = now(), updated_at = now()
      from open where o.id = open.id
  )
  insert into order_status_events (order_id, from_status, to_status, reason, actor)
  select id, status, 'rejected', $3, 'system' from open`;

/**
 * Every order is kept as a business record without the person: who it was for and how to reach them are emptied,
 * and so is everything anyone typed on it in their own words, which may name or place the person: the customer's
 * (what they wrote when asking for another gift, and about how it went) and staff's (the proposal's description and
 * over-budget reason, the delivery note, the reason of a rejection other than the erasure's own, $2). The date, gift
 * option, budget, status, the proposal's title and price, the shipment, delivery day, rating and history stay.
 * Detached from the account (user_id null) so that the account itself can be deleted.
 */
const ANONYMISE_ORDERS = `
  update gift_orders set user_id = null, occasion_id = null, person_id = null, recipient_name = '', relationship = '', occasion = '',
         gender = '', address = '', phone_number = '', country_code = null, email = '', interests = '', comments = '',
         proposal_response_note = null, feedback_note = null, delivery_note = null,
         status_reason = case when status_reason = $2 then status_reason end,
         proposal_description = case when proposal_description is not null then '' end,
         proposal_over_budget_reason = case when proposal_over_budget_reason is not null then '' end,
         updated_at = now()
   where user_id = $1`;

/**
 * The words typed on the orders' histories, before ANONYMISE_ORDERS (they are found by the orders' user_id): the
 * `note` of every journey step (the customer's lines, staff's delivery note), every status move's reason typed by
 * staff or the customer (the system's, such as the erasure's cancellation, stay), and staff's internal notes.
 */
const ERASE_TYPED_WORDS = [
  `update order_events v set detail = v.detail - 'note'
     from gift_orders o
    where o.id = v.order_id and o.user_id = $1 and v.detail ? 'note'`,
  `update order_status_events e set reason = null
     from gift_orders o
    where o.id = e.order_id and o.user_id = $1 and e.actor <> 'system' and e.reason is not null`,
  `delete from order_notes n using gift_orders o where o.id = n.order_id and o.user_id = $1`,
];

/** Erases the account; answers how many orders were kept (anonymised), or null when there is no such account. */
export async function eraseAccount(db: Db, userId: string, by: ErasedBy): Promise<number | null> {
  return db.transaction(async (tx) => {
    // The lock order of decision 0012: the customer's orders, then their users row, then their occasions.
    await tx.query('select id from gift_orders where user_id = $1 order by id for update', [userId]);
    const { rows } = await tx.query<{ email: string }>('select email from users where id = $1 for update', [userId]);
    if (!rows[0]) return null;
    const email = rows[0].email;

    // An order cancelled here goes no further: a proposal still waiting for the customer is withdrawn, its picture too.
    await withdrawOpenProposals(tx, { userId }, { actor: 'system' });
    await tx.query(CANCEL_OPEN_ORDERS, [userId, OPEN, ERASURE_CANCEL_REASON]);
    for (const statement of ERASE_TYPED_WORDS) await tx.query(statement, [userId]);
    const { rowCount: ordersKept } = await tx.query(ANONYMISE_ORDERS, [userId, ERASURE_CANCEL_REASON]);
    await tx.query('delete from occasions where user_id = $1', [userId]);
    // What else holds the address: enquiries sent with it, and mail to it (pending, sent or failed).
    await tx.query('delete from notes where lower(email) = lower($1)', [email]);
    await tx.query('delete from mail_queue where lower(to_address) = lower($1)', [email]);
    // Failed sign-ins counted against it (keyed by the email, not the account, so no cascade reaches them).
    await tx.query(`delete from sign_in_failures where kind = 'customer' and email = lower($1)`, [email]);
    await tx.query('delete from rate_limit_hits where key = any($1::text[])', [
      PER_CUSTOMER_LIMITS.map((limit) => storedSharedKey(perCustomerKey(limit, userId))),
    ]);
    // The account, and with it (on delete cascade) its sessions, reset links and every other row keyed by it.
    await tx.query('delete from users where id = $1', [userId]);
    await recordErasure(tx, userId, by, ordersKept);
    return ordersKept;
  });
}

async function recordErasure(tx: Queryable, userId: string, by: ErasedBy, ordersKept: number): Promise<void> {
  await tx.query(
    `insert into erasures (erased_by, admin_email, subject_ref, orders_kept)
     values ($1, (select email from admins where id = $2::uuid), $3, $4)`,
    [by.kind, by.kind === 'staff' ? by.adminId : null, subjectRef(userId), ordersKept],
  );
}
