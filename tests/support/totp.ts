import { Secret, TOTP } from 'otpauth';

/** The six-digit code an authenticator app shows for this base32 secret at `at` (now by default). */
export function totpCode(secret: string, at = Date.now()): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: at,
  });
}
