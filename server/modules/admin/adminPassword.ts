import type { Db } from '../../db/db';
import { emailIs, qb, rowsOf, run } from '../../db/queryBuilder';
import { HttpError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/secrets';
import { revokeAllSessions, revokeOtherSessions, type Session } from '../accounts/sessions';
import { adminCredentialProblem } from './admins';

/** An admin's change of password: in the admin area (PUT /api/admin/password) and by the CLI. */

export const CURRENT_PASSWORD_WRONG = 'Your current password is incorrect';

/**
 * The signed-in admin's new password, after their current one: every other session of theirs ends (a thief
 * holding one is out), this one stays. A refusal (400) changes nothing.
 */
export async function changeOwnAdminPassword(db: Db, session: Session, current: string, next: string): Promise<void> {
  const [admin] = await rowsOf(
    db,
    qb.selectFrom('admins').select(['email', 'password_hash']).where('id', '=', session.subjectId),
  );
  if (!admin) throw new HttpError(401, 'Please sign in as an admin again');
  if (!(await verifyPassword(admin.password_hash, current))) throw new HttpError(400, CURRENT_PASSWORD_WRONG);
  const problem = adminCredentialProblem(admin.email, next);
  if (problem) throw new HttpError(400, problem);
  // Hash first: the slow KDF stays outside the transaction.
  const passwordHash = await hashPassword(next);
  await db.transaction(async (tx) => {
    await run(tx, qb.updateTable('admins').set({ password_hash: passwordHash }).where('id', '=', session.subjectId));
    await revokeOtherSessions(tx, session);
  });
}

/** The CLI's reset: sets the admin's password and ends all of their sessions. Answers the stored email. */
export async function setAdminPassword(db: Db, email: string, password: string): Promise<string> {
  const [admin] = await rowsOf(db, qb.selectFrom('admins').select(['id', 'email']).where(emailIs(email.trim())));
  if (!admin) throw new HttpError(404, `No admin has the email ${email.trim().toLowerCase()}`);
  const problem = adminCredentialProblem(admin.email, password);
  if (problem) throw new HttpError(400, `${problem}. Nothing was changed.`);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await run(tx, qb.updateTable('admins').set({ password_hash: passwordHash }).where('id', '=', admin.id));
    await revokeAllSessions(tx, 'admin', admin.id);
  });
  return admin.email;
}
