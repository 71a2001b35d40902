import { sql, type UpdateQueryBuilder, type UpdateResult } from 'kysely';

import type { GiftProposal } from '#contract/journey';
import { priceText } from '#contract/proposalLimits';
import type { ProposeGiftBody } from '#contract/proposals';

import type { Db, Queryable } from '../../db/db';
import { isUuid } from '../../db/pgChecks';
import { qb, rowsOf, run } from '../../db/queryBuilder';
import type { Database } from '../../db/schema';
import { HttpError, notFound } from '../../lib/errors';
import { enqueueMail, type CustomerMailSettings } from '../mail/mailQueue';
import { orderCardUrl } from '../mail/siteLinks';
import { applyStatusChange } from '../orderStatus/statusChange';
import { decodePicture, storePicture } from './images';
import { autoApprovedProposalEmail, proposalEmail } from './journeyEmails';

/**
 * A gift proposal (docs/workflow.md, "The gift's journey"): staff propose a gift on a new order; the customer
 * approves it, which moves the order to processed as their act, or asks for something else, which leaves it new for
 * the next proposal. Each step is conditional on the state it starts from (status new, the proposal open or not),
 * in the statement that writes it, so of two people acting at once only one succeeds and the other gets a 409.
 */

const ORDER = 'Order';
const ALREADY_OPEN = 'This order already has an open proposal: the customer has not answered it yet';
const NO_OPEN_PROPOSAL = 'This order has no open proposal to answer';
const changedMeanwhile = 'Someone else changed this order meanwhile. Reload it and try again.';
const onlyNew = (status: string) => `Only a new order takes a proposal; this one is ${status}`;

/** The proposal as getgifts shows it, from the same JSON the database keeps for the card (api_json). */
const proposalJson = sql<string>`(api_json::json -> 'proposal')::text`.as('proposal');
const parseProposal = (row: { proposal: string } | undefined): GiftProposal => JSON.parse(row!.proposal);

export interface ProposalResult {
  status: 'new' | 'processed';
  proposal: GiftProposal;
}

/** The order and its customer, as proposing needs them: where it stands, the budget and the customer's settings. */
const orderForProposal = (orderId: string) =>
  qb
    .selectFrom('gift_orders as o')
    .leftJoin('users as u', 'u.id', 'o.user_id')
    .select([
      'o.status',
      'o.budget_cents',
      'o.proposal_state',
      'o.recipient_name',
      'o.occasion',
      sql<string>`o.date::text`.as('date'),
      'u.id as user_id',
      'u.name',
      'u.order_emails',
      'u.auto_approve_proposals',
    ])
    .where('o.id', '=', orderId);

const recordEvent = (
  tx: Queryable,
  orderId: string,
  kind: 'proposed' | 'approved' | 'asked_for_another' | 'withdrawn',
  actor: 'customer' | 'staff' | 'system',
  extra: { adminId?: string; detail?: Record<string, unknown> } = {},
) =>
  run(
    tx,
    qb.insertInto('order_events').values({
      order_id: orderId,
      kind,
      actor,
      admin_id: extra.adminId ?? null,
      detail: JSON.stringify(extra.detail ?? {}),
    }),
  );

/**
 * Staff propose a gift on a new order with no open proposal. Above the order's budget it needs a reason. The picture,
 * when there is one, is stored in the same transaction. The customer is emailed (order emails on); or, when their
 * standing setting approves proposals within budget and this one is, it is approved at once as the system's act
 * and the order moves to processed, and the email names the gift approved (autoApprovedProposalEmail).
 */
export async function proposeGift(
  db: Db,
  orderId: string,
  body: ProposeGiftBody,
  adminId: string,
  mail: CustomerMailSettings,
): Promise<ProposalResult> {
  if (!isUuid(orderId)) throw notFound(ORDER);
  const picture = body.picture === undefined ? null : decodePicture(body.picture);
  return db.transaction(async (tx) => {
    const [order] = await rowsOf(tx, orderForProposal(orderId));
    if (!order) throw notFound(ORDER);
    if (order.status !== 'new') throw new HttpError(409, onlyNew(order.status));
    if (order.proposal_state === 'open') throw new HttpError(409, ALREADY_OPEN);
    const budgetCents = Number(order.budget_cents ?? 0);
    const overBudget = body.price > budgetCents;
    const reason = overBudget ? body.overBudgetReason?.trim() : '';
    if (overBudget && !reason) {
      throw new HttpError(
        400,
        `Over-budget reason is required: the price is above the budget of $${priceText(budgetCents)}`,
      );
    }

    const imageId = picture ? await storePicture(tx, orderId, picture, adminId) : null;
    const [proposed] = await rowsOf(
      tx,
      qb
        .updateTable('gift_orders')
        .set({
          proposal_title: body.title,
          proposal_description: body.description,
          proposal_price_cents: body.price,
          proposal_over_budget_reason: reason || null,
          proposal_image_id: imageId,
          proposal_state: 'open',
          proposal_response_note: null,
          proposed_at: sql`now()`,
          updated_at: sql`now()`,
        })
        .where('id', '=', orderId)
        // The guard: of two admins proposing at once, the second finds the first one's open proposal.
        .where('status', '=', 'new')
        .where((eb) => eb.or([eb('proposal_state', 'is', null), eb('proposal_state', '!=', 'open')]))
        .returning(proposalJson),
    );
    if (!proposed) throw new HttpError(409, changedMeanwhile);
    await recordEvent(tx, orderId, 'proposed', 'staff', {
      adminId,
      detail: { title: body.title, price: priceText(body.price), imageId },
    });

    const autoApproved = order.auto_approve_proposals && !overBudget;
    const result = autoApproved
      ? await approveOpenProposal(tx, orderId, { actor: 'system' })
      : { status: 'new' as const, proposal: parseProposal(proposed) };
    if (order.user_id && order.order_emails) {
      const { proposal } = result;
      const facts = {
        customerName: order.name ?? '',
        recipientName: order.recipient_name,
        occasion: order.occasion,
        date: order.date,
        orderUrl: orderCardUrl(mail.publicUrl, orderId),
        publicUrl: mail.publicUrl,
        title: proposal.title,
        description: proposal.description,
        price: proposal.price,
        overBudgetReason: proposal.overBudgetReason,
        imageUrl: imageId ? `${mail.publicUrl}${proposal.imageUrl}` : undefined,
      };
      // Approved at once, nothing is asked of the customer: the email names the gift given, not a question.
      await enqueueMail(
        tx,
        { account: order.user_id, kind: 'orderJourney', dailyLimit: mail.dailyLimit },
        autoApproved ? autoApprovedProposalEmail(facts) : proposalEmail(facts),
      );
    }
    return result;
  });
}

/**
 * Approves the order's open proposal and moves the order from new to processed, as `by`'s act, in the caller's
 * transaction: both conditional (the proposal still open, the order still new), so a second approval, a withdrawal
 * by an edit or a staff move that got there first leaves a 409 and nothing written.
 */
async function approveOpenProposal(
  tx: Queryable,
  orderId: string,
  by: { actor: 'customer' | 'system' },
  userId?: string,
): Promise<ProposalResult> {
  const [approved] = await rowsOf(
    tx,
    qb
      .updateTable('gift_orders')
      .set({ proposal_state: 'approved', updated_at: sql`now()` })
      .where('id', '=', orderId)
      .$if(userId !== undefined, (q) => q.where('user_id', '=', userId!))
      .where('proposal_state', '=', 'open')
      .where('status', '=', 'new')
      .returning(proposalJson),
  );
  if (!approved) throw await whyNotAnswerable(tx, orderId, userId);
  if (!(await applyStatusChange(tx, orderId, 'new', { to: 'processed' }, by))) {
    throw new HttpError(409, changedMeanwhile);
  }
  await recordEvent(tx, orderId, 'approved', by.actor);
  return { status: 'processed', proposal: parseProposal(approved) };
}

/** Why the customer's answer matched no row: not their order (404), or nothing open to answer (409). */
async function whyNotAnswerable(tx: Queryable, orderId: string, userId?: string): Promise<HttpError> {
  const [row] = await rowsOf(
    tx,
    qb
      .selectFrom('gift_orders')
      .select(['status', 'proposal_state'])
      .where('id', '=', orderId)
      .$if(userId !== undefined, (q) => q.where('user_id', '=', userId!)),
  );
  if (!row) return notFound(ORDER);
  // Staff moved the order on first (which withdraws an open proposal; one moved on before that rule is still open).
  if (row.status !== 'new' && (row.proposal_state === 'open' || row.proposal_state === 'withdrawn')) {
    return new HttpError(409, `This order is ${row.status} and its proposal can no longer be answered`);
  }
  return new HttpError(409, NO_OPEN_PROPOSAL);
}

/**
 * The customer approves the open proposal on their own order: processed, recorded as their act. No status email:
 * the customer has just done it and the card says so.
 */
export async function approveProposal(db: Db, userId: string, orderId: string): Promise<ProposalResult> {
  if (!isUuid(orderId)) throw notFound(ORDER);
  return db.transaction((tx) => approveOpenProposal(tx, orderId, { actor: 'customer' }, userId));
}

/** Whose open proposals: one order's, or every order of a customer's. */
type ProposalScope = { orderId: string } | { userId: string };
const scopeColumn = (scope: ProposalScope) =>
  'orderId' in scope ? (['id', scope.orderId] as const) : (['user_id', scope.userId] as const);

/**
 * A picture belongs to its proposal: only an approved one keeps it (the gift memory and the card show the gift
 * given). This deletes the pictures of the scope's open proposals, in the caller's transaction, before the write that
 * declines or withdraws them: a picture's address then answers 404, and the order's reference to it is set null by
 * its foreign key, so that write's answer and getgifts no longer name it. A refused write rolls both back.
 */
const deleteOpenProposalPictures = (tx: Queryable, scope: ProposalScope) => {
  const [column, value] = scopeColumn(scope);
  return run(
    tx,
    qb
      .deleteFrom('order_images')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('gift_orders')
          .select('proposal_image_id')
          .where(column, '=', value)
          .where('proposal_state', '=', 'open'),
      ),
  );
};

/**
 * An order leaves new while its proposal is open, in the transaction of the move: the proposal is withdrawn, its
 * picture deleted, and a 'withdrawn' step recorded as `by`'s act. Staff moving it on (Proceed or Reject): the
 * customer never approved that gift, and its price may be above the budget, so the order goes ahead as it was placed
 * (decision 0039). The system cancelling a customer's orders as their account is erased: every open one of theirs.
 */
export async function withdrawOpenProposals(
  tx: Queryable,
  scope: ProposalScope,
  by: { actor: 'staff'; adminId: string } | { actor: 'system' },
): Promise<void> {
  const [column, value] = scopeColumn(scope);
  await deleteOpenProposalPictures(tx, scope);
  const withdrawn = await rowsOf(
    tx,
    qb
      .updateTable('gift_orders')
      .set({ proposal_state: 'withdrawn', updated_at: sql`now()` })
      .where(column, '=', value)
      .where('proposal_state', '=', 'open')
      .returning('id'),
  );
  const adminId = by.actor === 'staff' ? by.adminId : undefined;
  for (const { id } of withdrawn) await recordEvent(tx, id, 'withdrawn', by.actor, { adminId });
}

/**
 * The customer asks for something else, with a note: the proposal is declined (its picture deleted) and the order
 * stays new.
 */
export async function declineProposal(db: Db, userId: string, orderId: string, note: string): Promise<ProposalResult> {
  if (!isUuid(orderId)) throw notFound(ORDER);
  return db.transaction(async (tx) => {
    await deleteOpenProposalPictures(tx, { orderId });
    const [declined] = await rowsOf(
      tx,
      qb
        .updateTable('gift_orders')
        .set({ proposal_state: 'declined', proposal_response_note: note, updated_at: sql`now()` })
        .where('id', '=', orderId)
        .where('user_id', '=', userId)
        .where('proposal_state', '=', 'open')
        .where('status', '=', 'new')
        .returning(proposalJson),
    );
    if (!declined) throw await whyNotAnswerable(tx, orderId, userId);
    await recordEvent(tx, orderId, 'asked_for_another', 'customer', { detail: { note } });
    return { status: 'new', proposal: parseProposal(declined) };
  });
}

/**
 * A customer's edit of an order, made to withdraw the order's open proposal in the same statement (the proposal was
 * for the order as it was): the proposal's state becomes 'withdrawn', its picture is deleted (its reference cleared
 * by the edit itself) and a 'withdrawn' event is written, by the customer. Answers the id of the order edited, none
 * when the edit's conditions matched no row.
 */
export function withdrawingOpenProposal(
  edit: UpdateQueryBuilder<Database, 'gift_orders', 'gift_orders', UpdateResult>,
) {
  return (
    qb
      .with('edited', () =>
        edit
          .set({
            proposal_state: sql`case when proposal_state = 'open' then 'withdrawn' else proposal_state end`,
            proposal_image_id: sql`case when proposal_state = 'open' then null else proposal_image_id end`,
          })
          // A subquery sees the row as it was before this statement: whether the proposal was open.
          .returning([
            'id',
            sql<boolean>`coalesce((select p.proposal_state = 'open' from gift_orders p where p.id = gift_orders.id), false)`.as(
              'withdrew',
            ),
          ]),
      )
      // The order as it was before this statement names the withdrawn proposal's picture.
      .with('picture', (q) =>
        q
          .deleteFrom('order_images')
          .where('id', 'in', (eb) =>
            eb
              .selectFrom('gift_orders as p')
              .innerJoin('edited', 'edited.id', 'p.id')
              .select('p.proposal_image_id')
              .where('edited.withdrew', '=', true),
          ),
      )
      .with('withdrawn', (q) =>
        q
          .insertInto('order_events')
          .columns(['order_id', 'kind', 'actor'])
          .expression((eb) =>
            eb
              .selectFrom('edited')
              .select(['id', sql.lit('withdrawn').as('kind'), sql.lit('customer').as('actor')])
              .where('withdrew', '=', true),
          ),
      )
      .selectFrom('edited')
      .select('id')
  );
}
