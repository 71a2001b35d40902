import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** 256 bits from the OS CSPRNG, URL-safe: used for session tokens and reset links. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as SHA-256: high-entropy secrets need no slow KDF, and lookups stay indexed. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

// Algorithm.Argon2id is an ambient const enum (unusable with isolatedModules); its value is 2.
const ARGON2ID = 2;
// OWASP's argon2id baseline: 19 MiB memory, 2 iterations, 1 lane.
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Constant-work check: with no stored hash (unknown email) we still verify against a dummy,
 * so response time does not reveal which emails have accounts.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword(newToken());
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
