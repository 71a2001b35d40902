import type { SignUpBody, UpdateUserBody, UserProfile } from '#contract/auth';
import { ACCOUNT_EXISTS_ERROR } from '#contract/messages';

import type { Queryable } from '../../db/db';
import { isUniqueViolation } from '../../db/pgChecks';
import { HttpError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/secrets';
import { weakPasswordProblem } from './passwordPolicy';

interface UserRow {
  id: string;
  name: string;
  email: string;
  password_hash: string;
  address: string;
  phno: string;
  card_holder_name: string;
  card_last4: string | null;
  card_exp_month: number | null;
  card_exp_year: number | null;
  billing_zip: string;
}

export async function createUser(db: Queryable, body: SignUpBody): Promise<string> {
  const weak = weakPasswordProblem(body.password, body.email);
  if (weak) throw new HttpError(400, weak);
  const passwordHash = await hashPassword(body.password);
  try {
    const { rows } = await db.query<{ id: string }>(
      'insert into users (name, email, password_hash, time_zone) values ($1, $2, $3, $4) returning id',
      [body.name, body.email.toLowerCase(), passwordHash, body.timeZone ?? 'UTC'],
    );
    return rows[0].id;
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new HttpError(409, ACCOUNT_EXISTS_ERROR);
    }
    throw err;
  }
}

/** The user's id when the email and password match, otherwise null (same work either way). */
export async function authenticateUser(db: Queryable, email: string, password: string): Promise<string | null> {
  const { rows } = await db.query<Pick<UserRow, 'id' | 'password_hash'>>(
    'select id, password_hash from users where lower(email) = lower($1)',
    [email],
  );
  const ok = await verifyPassword(rows[0]?.password_hash, password);
  return ok ? rows[0].id : null;
}

async function loadUser(db: Queryable, userId: string): Promise<UserRow> {
  const { rows } = await db.query<UserRow>('select * from users where id = $1', [userId]);
  if (!rows[0]) throw new HttpError(401, 'Please sign in again');
  return rows[0];
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
  };
}

export async function getProfile(db: Queryable, userId: string): Promise<UserProfile> {
  return toProfile(await loadUser(db, userId));
}

/**
 * Saves the profile. A new card number is reduced to its last four digits before it reaches
 * the database (PCI DSS 3.4.1); the CVV is validated by the schema and then dropped (3.3.1.2).
 * The email is not editable: sent back, it must be the account's own (letter case aside), which
 * the same statement checks.
 */
export async function updateProfile(db: Queryable, userId: string, body: UpdateUserBody): Promise<void> {
  const newLast4 = body.cardNumber ? body.cardNumber.slice(-4) : null;
  const { rowCount } = await db.query(
    `update users set
       name = $2, address = $3, phno = $4, card_holder_name = $5,
       card_last4 = coalesce($6, card_last4),
       card_exp_month = $7, card_exp_year = $8, billing_zip = $9, updated_at = now()
     where id = $1 and ($10::text is null or lower(email) = lower($10::text))`,
    [
      userId,
      body.name,
      body.address,
      body.phno,
      body.cardHolderName,
      newLast4,
      body.cardExpirationMonth,
      body.cardExpirationYear,
      body.billingZipCode,
      body.email ?? null,
    ],
  );
  if (rowCount === 0) {
    await loadUser(db, userId); // 401 when the account is gone
    throw new HttpError(400, 'Email cannot be changed');
  }
}
