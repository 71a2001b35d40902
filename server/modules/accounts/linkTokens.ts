import type { Queryable } from '../../db/db';

/**
 * Ends the customer's calendar feed address and every unsubscribe link of the emails sent to them, in one
 * statement: after a password reset (whoever held the account may hold them too). The feed gets a new address only
 * when the customer makes one; each new email carries a new unsubscribe link.
 */
export async function endLinkTokens(db: Queryable, userId: string): Promise<void> {
  await db.query(
    `with links as (delete from unsubscribe_links where user_id = $1)
     update users set feed_token_hash = null where id = $1`,
    [userId],
  );
}
