import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';

import { adminEmailField, adminPasswordField } from '#contract/admin';

import type { Db, Queryable } from '../../db/db';
import { isUniqueViolation } from '../../db/pgChecks';
import { emailIs, qb, rowsOf, run } from '../../db/queryBuilder';
import { HttpError } from '../../lib/errors';
import { hashPassword } from '../../lib/secrets';
import { weakPasswordProblem } from '../accounts/passwordPolicy';
import { enrolWithSecret } from './secondFactor';

/** Admins are a separate kind of account (table admins) with their own sessions (kind 'admin'). */

export const DEFAULT_ADMIN_EMAIL = 'admin@localhost';
export const INITIAL_PASSWORD_FILE = 'initial-admin-password';

/** C0, DEL and C1 controls: in an email they would reach logs and terminals as escape sequences. */
export function isControlCharacter(ch: string): boolean {
  const code = ch.codePointAt(0) ?? 0;
  return code < 0x20 || (code >= 0x7f && code <= 0x9f);
}

/** Why an admin email is refused, or null. */
export function adminEmailProblem(email: string): string | null {
  if ([...email].some(isControlCharacter)) return 'Email must not contain control characters';
  const e = adminEmailField.safeParse(email);
  return e.success ? null : e.error.issues[0].message;
}

/** Why an admin email or password is refused (the same rules as customer accounts), or null. */
export function adminCredentialProblem(email: string, password: string): string | null {
  const emailProblem = adminEmailProblem(email);
  if (emailProblem) return emailProblem;
  const p = adminPasswordField.safeParse(password);
  if (!p.success) return p.error.issues[0].message;
  return weakPasswordProblem(password, email);
}

/** Adds an admin; refuses (409) an email that already belongs to one, in any letter case. */
export async function createAdmin(db: Queryable, email: string, password: string): Promise<string> {
  const problem = adminCredentialProblem(email, password);
  if (problem) throw new HttpError(400, problem);
  const normalised = email.trim().toLowerCase();
  const passwordHash = await hashPassword(password);
  try {
    const [created] = await rowsOf(
      db,
      qb.insertInto('admins').values({ email: normalised, password_hash: passwordHash }).returning('id'),
    );
    return created.id;
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new HttpError(409, `An admin with the email ${normalised} already exists`);
    }
    throw err;
  }
}

export async function adminEmail(db: Queryable, adminId: string): Promise<string | null> {
  const [admin] = await rowsOf(db, qb.selectFrom('admins').select('email').where('id', '=', adminId));
  return admin?.email ?? null;
}

/** Refuses a half or invalid ADMIN_EMAIL / ADMIN_PASSWORD pair before anything is opened. */
export function checkBootstrapConfig(config: {
  adminEmail?: string;
  adminPassword?: string;
  adminTotpSecret?: string;
}): void {
  const { adminEmail: email, adminPassword: password } = config;
  if (config.adminTotpSecret && !email) {
    throw new Error(
      'Invalid configuration: ADMIN_TOTP_SECRET is the second factor of ADMIN_EMAIL: set it with ADMIN_EMAIL.',
    );
  }
  if (!email && !password) return;
  if (!email || !password) {
    throw new Error(
      'Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD go together. Set both to make sure that admin exists, or neither.',
    );
  }
  const problem = adminCredentialProblem(email, password);
  if (problem) throw new Error(`Invalid configuration: ADMIN_EMAIL / ADMIN_PASSWORD: ${problem}`);
}

export interface BootstrapLog {
  info(obj: object, message: string): void;
  warn(obj: object, message: string): void;
}

export type BootstrapResult =
  | { kind: 'configured-created' | 'configured-present'; email: string }
  | { kind: 'generated'; email: string; passwordFile: string }
  | { kind: 'none-needed' };

/**
 * Makes sure the admin area can be entered (called at start-up, after migrations):
 * - ADMIN_EMAIL + ADMIN_PASSWORD set: that admin exists afterwards. Created if missing; an existing
 *   one is left exactly as it is (its password is not reset).
 * - Neither set and no admin at all: creates admin@localhost with a random password, logs the
 *   password once and writes it to DATA_DIR/initial-admin-password (mode 600).
 * Safe when several servers start at once on one database: the insert is conditional.
 */
export async function bootstrapAdmin(
  db: Queryable,
  config: {
    adminEmail?: string;
    adminPassword?: string;
    adminTotpSecret?: string;
    totpEncryptionKey?: Buffer | null;
    dataDir: string;
  },
  log: BootstrapLog,
): Promise<BootstrapResult> {
  checkBootstrapConfig(config);
  if (!config.totpEncryptionKey) {
    log.warn(
      {},
      "TOTP_ENCRYPTION_KEY is not set: admins' TOTP secrets are stored unencrypted (see docs/operations.md)",
    );
  }
  if (config.adminEmail && config.adminPassword) {
    const email = config.adminEmail.trim().toLowerCase();
    const created = await insertIfMissing(db, email, config.adminPassword);
    if (created) log.info({ email }, 'admin from ADMIN_EMAIL created');
    // ADMIN_TOTP_SECRET: the second factor of an admin that has none yet (provisioning, tests).
    if (
      config.adminTotpSecret &&
      (await enrolWithSecret(db, email, config.adminTotpSecret, config.totpEncryptionKey ?? null))
    ) {
      log.info({ email }, 'second factor from ADMIN_TOTP_SECRET set');
    }
    return { kind: created ? 'configured-created' : 'configured-present', email };
  }

  const [admins] = await rowsOf(db, qb.selectFrom('admins').select(sql<number>`count(*)::int`.as('n')));
  if (admins.n > 0) return { kind: 'none-needed' };

  // 18 random bytes: 24 URL-safe characters, 144 bits.
  const password = randomBytes(18).toString('base64url');
  if (!(await insertIfMissing(db, DEFAULT_ADMIN_EMAIL, password))) return { kind: 'none-needed' };
  const passwordFile = path.join(config.dataDir, INITIAL_PASSWORD_FILE);
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  // The mode above applies only when the file is new; an old file keeps its mode unless we set it.
  fs.chmodSync(passwordFile, 0o600);
  log.warn(
    { email: DEFAULT_ADMIN_EMAIL, passwordFile },
    `No admin existed, so one was created. Sign in at /admin as ${DEFAULT_ADMIN_EMAIL} with the password ${password} ` +
      `(shown only this once; also saved in ${passwordFile}, readable only by this user). ` +
      'Then add your own admins with: npm run admin -- add EMAIL',
  );
  return { kind: 'generated', email: DEFAULT_ADMIN_EMAIL, passwordFile };
}

async function insertIfMissing(db: Queryable, email: string, password: string): Promise<boolean> {
  const existing = await rowsOf(db, qb.selectFrom('admins').select(sql.lit(1).as('found')).where(emailIs(email)));
  if (existing.length > 0) return false;
  const passwordHash = await hashPassword(password);
  const { rowCount } = await run(
    db,
    qb
      .insertInto('admins')
      .values({ email, password_hash: passwordHash })
      .onConflict((c) => c.doNothing()),
  );
  return rowCount > 0;
}

export interface AdminSummary {
  email: string;
  createdAt: string;
}

/** Every admin, by email. */
export async function listAdmins(db: Queryable): Promise<AdminSummary[]> {
  const rows = await rowsOf(db, qb.selectFrom('admins').select(['email', 'created_at']).orderBy('email'));
  return rows.map((r) => ({ email: r.email, createdAt: new Date(r.created_at).toISOString() }));
}

/**
 * Removes an admin (any letter case) and with it its sessions; never the last one, so the admin area
 * can always be entered. Its status changes stay in the orders' history, without its name (the
 * foreign key sets it to null). Answers how many history entries lost their admin.
 */
export async function removeAdmin(db: Db, email: string): Promise<{ email: string; historyEntries: number }> {
  return db.transaction(async (tx) => {
    // Lock every admin row, so two removals at once cannot leave none.
    const rows = await rowsOf(tx, qb.selectFrom('admins').select(['id', 'email']).orderBy('id').forUpdate());
    const target = rows.find((r) => r.email.toLowerCase() === email.trim().toLowerCase());
    if (!target) throw new HttpError(404, `No admin has the email ${email.trim().toLowerCase()}`);
    if (rows.length === 1) {
      throw new HttpError(409, `${target.email} is the last admin; add another one before removing it`);
    }
    const [history] = await rowsOf(
      tx,
      qb
        .selectFrom('order_status_events')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('admin_id', '=', target.id),
    );
    // Its sessions go with it (on delete cascade): any signed-in tab is refused at its next request.
    await run(tx, qb.deleteFrom('admins').where('id', '=', target.id));
    return { email: target.email, historyEntries: history.n };
  });
}
