import { createCipheriv, createDecipheriv, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/**
 * TOTP (RFC 6238) for the admins' second factor: 6 digits, 30-second steps, SHA-1 (what every authenticator app
 * reads from a QR code), codes of the step before and after the server's clock accepted for clock drift. The
 * secrets are kept encrypted with TOTP_ENCRYPTION_KEY when it is set (decision 0015).
 */

const PERIOD_SECONDS = 30;
const ISSUER = 'Giftwise';
/** A code of the previous or next step is taken too: phones' clocks drift. */
const DRIFT_STEPS = 1;

function totpOf(secretBase32: string, label = ''): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), in base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function totpUri(secretBase32: string, email: string): string {
  return totpOf(secretBase32, email).toString();
}

/**
 * The 30-second step a six-digit code belongs to (within the drift allowed), or null when it is no code of this
 * secret now. Whether that step was already used is the caller's (atomic) business.
 */
export function totpStepOf(secretBase32: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: now, window: DRIFT_STEPS });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_COUNT = 10;

/** Ten recovery codes like `k7m2q-xp4rt-9hw3n` (15 characters of 31: about 74 bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 15 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5, 10)}-${chars.slice(10)}`;
  });
}

/** A recovery code as typed (any case, spaces or dashes anywhere), in the form it is hashed in; null if it is not one. */
export function normaliseRecoveryCode(typed: string): string | null {
  const chars = typed.toLowerCase().replace(/[\s-]/g, '');
  if (chars.length !== 15 || [...chars].some((c) => !RECOVERY_ALPHABET.includes(c))) return null;
  return `${chars.slice(0, 5)}-${chars.slice(5, 10)}-${chars.slice(10)}`;
}

/** Values written by a server with TOTP_ENCRYPTION_KEY: `v1:` iv, tag and ciphertext in base64url. */
const ENCRYPTED_PREFIX = 'v1:';

/** The secret as the database keeps it: encrypted (AES-256-GCM) when a key is configured, otherwise as it is. */
export function sealSecret(secretBase32: string, key: Buffer | null): string {
  if (!key) return secretBase32;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(secretBase32, 'utf8'), cipher.final()]);
  return ENCRYPTED_PREFIX + [iv, cipher.getAuthTag(), sealed].map((b) => b.toString('base64url')).join('.');
}

/** The base32 secret from its stored form; throws when it is encrypted and the key is missing or another. */
export function openSecret(stored: string, key: Buffer | null): string {
  if (!stored.startsWith(ENCRYPTED_PREFIX)) return stored;
  if (!key) throw new Error('An admin TOTP secret is encrypted, but TOTP_ENCRYPTION_KEY is not set');
  const [iv, tag, sealed] = stored
    .slice(ENCRYPTED_PREFIX.length)
    .split('.')
    .map((p) => Buffer.from(p, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
}
