/**
 * Access tokens: ES256 JWTs with the claims GoTrue issues, and their verification. Both the auth
 * and the REST surfaces verify through here.
 */
import { errors, importJWK, type JWTPayload, jwtVerify, SignJWT } from 'jose';
import type { ServerKeys } from './keys.ts';

export interface AmrEntry {
  method: string;
  timestamp: number;
}

export interface AccessTokenClaims extends JWTPayload {
  iss: string;
  sub: string;
  aud: string;
  exp: number;
  iat: number;
  email: string;
  phone: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  role: string;
  aal: 'aal1' | 'aal2';
  amr: AmrEntry[];
  session_id: string;
  is_anonymous: boolean;
}

export type TokenSubject = Omit<AccessTokenClaims, 'iss' | 'iat' | 'exp' | 'aud'>;

export type VerifyResult =
  | { ok: true; claims: JWTPayload }
  | { ok: false; reason: 'expired' | 'not_yet_valid' | 'invalid'; message: string };

export interface TokenService {
  readonly issuer: string;
  readonly expiresIn: number;
  sign(subject: TokenSubject, now?: number): Promise<{ token: string; expiresAt: number }>;
  verify(token: string): Promise<VerifyResult>;
  jwks(): { keys: Record<string, unknown>[] };
}

export async function createTokenService(
  keys: ServerKeys,
  options: { issuer: string; expiresIn: number },
): Promise<TokenService> {
  const publicKey = await importJWK({ ...keys.publicJwk, alg: 'ES256' }, 'ES256');
  return {
    issuer: options.issuer,
    expiresIn: options.expiresIn,
    async sign(subject, now = Math.floor(Date.now() / 1000)) {
      const expiresAt = now + options.expiresIn;
      const token = await new SignJWT({ ...subject, aud: 'authenticated' })
        .setProtectedHeader({ alg: 'ES256', kid: keys.kid, typ: 'JWT' })
        .setIssuer(options.issuer)
        .setIssuedAt(now)
        .setExpirationTime(expiresAt)
        .sign(keys.privateKey);
      return { token, expiresAt };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(
          token,
          async (header) => {
            if (header.kid !== keys.kid) throw new errors.JWKSNoMatchingKey();
            return publicKey;
          },
          { algorithms: ['ES256'] },
        );
        if (typeof payload.exp !== 'number') return { ok: false, reason: 'invalid', message: 'JWT has no expiry' };
        return { ok: true, claims: payload };
      } catch (error) {
        if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired', message: 'JWT expired' };
        if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'nbf') {
          return { ok: false, reason: 'not_yet_valid', message: 'JWT not yet valid' };
        }
        if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'iat') {
          return { ok: false, reason: 'not_yet_valid', message: 'JWT issued at future' };
        }
        return { ok: false, reason: 'invalid', message: 'JWT cryptographic operation failed' };
      }
    },
    jwks() {
      const { kty, crv, x, y, kid } = keys.publicJwk;
      return { keys: [{ kty, crv, x, y, kid, alg: 'ES256', use: 'sig', key_ops: ['verify'] }] };
    },
  };
}
