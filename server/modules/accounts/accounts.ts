import { sql, type Selectable } from 'kysely';

import type { SignUpBody, UpdateUserBody, UserProfile } from '#contract/auth';
import { ACCOUNT_EXISTS_ERROR } from '#contract/messages';

import type { Queryable } from '../../db/db';
import { isUniqueViolation } from '../../db/pgChecks';
import { emailIs, qb, rowsOf, run } from '../../db/queryBuilder';
import type { UsersTable } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { hashPassword } from '../../lib/secrets';
import { weakPasswordProblem } from './passwordPolicy';

type UserRow = Selectable<UsersTable>;

export async function createUser(db: Queryable, body: SignUpBody): Promise<string> {
  const weak = weakPasswordProblem(body.password, body.email);
  if (weak) throw new HttpError(400, weak);
  const passwordHash = await hashPassword(body.password);
  try {
    const [created] = await rowsOf(
      db,
      qb
        .insertInto('users')
        .values({
          name: body.name,
          email: body.email.toLowerCase(),
          password_hash: passwordHash,
          time_zone: body.timeZone ?? 'UTC',
        })
        .returning('id'),
    );
    return created.id;
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new HttpError(409, ACCOUNT_EXISTS_ERROR);
    }
    throw err;
  }
}

async function loadUser(db: Queryable, userId: string): Promise<UserRow> {
  const [user] = await rowsOf(db, qb.selectFrom('users').selectAll().where('id', '=', userId));
  if (!user) throw new HttpError(401, 'Please sign in again');
  return user;
}

function toProfile(u: UserRow): UserProfile {
  return {
    name: u.name,
    email: u.email,
    address: u.address,
    phno: u.phno,
    cardHolderName: u.card_holder_name,
    cardLast4: u.card_last4,
    cardExpirationMonth: u.card_exp_month,
    cardExpirationYear: u.card_exp_year,
    billingZipCode: u.billing_zip,
    autoApproveProposals: u.auto_approve_proposals,
  };
}

export async function getProfile(db: Queryable, userId: string): Promise<UserProfile> {
  return toProfile(await loadUser(db, userId));
}

/** The profile and the time zone of a customer placing an order (whose dates are days of that zone), in one read. */
export async function getOrderingAccount(
  db: Queryable,
  userId: string,
): Promise<{ profile: UserProfile; timeZone: string }> {
  const user = await loadUser(db, userId);
  return { profile: toProfile(user), timeZone: user.time_zone };
}

/**
 * Saves the profile. A new card number is reduced to its last four digits before it reaches
 * the database (PCI DSS 3.4.1); the CVV is validated by the schema and then dropped (3.3.1.2).
 * The email is not editable: sent back, it must be the account's own (letter case aside), which
 * the same statement checks.
 */
export async function updateProfile(db: Queryable, userId: string, body: UpdateUserBody): Promise<void> {
  const newLast4 = body.cardNumber ? body.cardNumber.slice(-4) : null;
  const { rowCount } = await run(
    db,
    qb
      .updateTable('users')
      .set({
        name: body.name,
        address: body.address,
        phno: body.phno,
        card_holder_name: body.cardHolderName,
        // A card number replaces the last four digits kept; without one they stay.
        ...(newLast4 ? { card_last4: newLast4 } : {}),
        card_exp_month: body.cardExpirationMonth,
        card_exp_year: body.cardExpirationYear,
        billing_zip: body.billingZipCode,
        ...(body.autoApproveProposals !== undefined && { auto_approve_proposals: body.autoApproveProposals }),
        updated_at: sql`now()`,
      })
      .where('id', '=', userId)
      .$if(body.email !== undefined && body.email !== null, (q) => q.where(emailIs(body.email!))),
  );
  if (rowCount === 0) {
    await loadUser(db, userId); // 401 when the account is gone
    throw new HttpError(400, 'Email cannot be changed');
  }
}
