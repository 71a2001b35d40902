import type { Db } from '../../db/db';
import { emailIs, qb, rowsOf, run } from '../../db/queryBuilder';
import { HttpError } from '../../lib/errors';
import { hashPassword } from '../../lib/secrets';
import { revokeAllSessions } from '../accounts/sessions';
import { endSignInThrottle } from '../accounts/signInThrottle';
import { adminCredentialProblem } from './admins';

/**
 * The CLI's reset: sets the admin's password, ends all of their sessions and the account's sign-in throttle. Answers
 * the stored email. (An admin's own change in the admin area is accounts/passwordChange.ts.)
 */
export async function setAdminPassword(db: Db, email: string, password: string): Promise<string> {
  const [admin] = await rowsOf(db, qb.selectFrom('admins').select(['id', 'email']).where(emailIs(email.trim())));
  if (!admin) throw new HttpError(404, `No admin has the email ${email.trim().toLowerCase()}`);
  const problem = adminCredentialProblem(admin.email, password);
  if (problem) throw new HttpError(400, `${problem}. Nothing was changed.`);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await run(tx, qb.updateTable('admins').set({ password_hash: passwordHash }).where('id', '=', admin.id));
    await revokeAllSessions(tx, 'admin', admin.id);
    await endSignInThrottle(tx, 'admin', admin.email);
  });
  return admin.email;
}
