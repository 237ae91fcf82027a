/**
 * /auth/v1: the GoTrue subset supabase-js uses — password and refresh-token grants, the current
 * user (read, and its password changed: update-user.ts), sign-out, sign-up (off unless
 * AUTH_ENABLE_SIGNUP) and TOTP MFA. Replies, statuses and
 * error codes follow GoTrue (see the surface reference, sections A and B).
 */
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import type { Config } from '../config.ts';
import { type Database, sqlState } from '../db/database.ts';
import { clientAddress, rateLimitKey } from '../http/client-address.ts';
import { findJsonFault } from '../http/json-limits.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import { authenticate } from './bearer.ts';
import { AuthError, apiVersion, errorResponse, errors, OAuthError } from './errors.ts';
import type { ServerKeys } from './keys.ts';
import { challengeFactor, enrollTotp, unenrollFactor, verifyFactor } from './mfa.ts';
import { hashPassword, maxPasswordBytes, minPasswordLength, passwordProblem, verifyPassword } from './passwords.ts';
import { authLimits, emailKey, enforce, signInDelayMs, signInDelayWindow } from './rate-limits.ts';
import type { SessionLiveness } from './session-liveness.ts';
import { type LogoutScope, logout, refreshSession, startSession } from './sessions.ts';
import type { TokenService } from './tokens.ts';
import { updateUser, updateUserSchema } from './update-user.ts';
import { insertEmailUser, isBanned, loadUserByEmail } from './users.ts';

const passwordGrantSchema = z.object({
  email: z.string().max(255).optional(),
  phone: z.string().max(64).optional(),
  password: z.string().max(1024).optional(),
});
const refreshGrantSchema = z.object({ refresh_token: z.string().max(1024).optional() });
const signupSchema = z.object({
  email: z.string().max(255).optional(),
  phone: z.string().max(64).optional(),
  password: z.string().max(1024).optional(),
  data: z.record(z.string(), z.unknown()).nullable().optional(),
});
const enrollSchema = z.object({
  factor_type: z.string(),
  friendly_name: z.string().max(255).nullable().optional(),
  issuer: z.string().max(255).nullable().optional(),
});
const verifySchema = z.object({
  challenge_id: z.uuid({ error: 'challenge_id must be a UUID' }),
  code: z.string({ error: 'Code needs to be a string' }).max(64),
});
const logoutScopes: readonly LogoutScope[] = ['global', 'local', 'others'];
const isLogoutScope = (value: string): value is LogoutScope => logoutScopes.some((scope) => scope === value);

/** Reads a JSON body (an empty body counts as `{}`) and validates it; unknown fields are ignored. */
async function readBody<T>(c: Context, schema: z.ZodType<T>): Promise<T> {
  const text = await c.req.text();
  let raw: unknown = {};
  if (text.trim() !== '') {
    try {
      raw = JSON.parse(text);
    } catch {
      throw errors.badJson();
    }
  }
  // Postgres text cannot hold NUL, and very deep nesting overflows the stack of whatever walks it next.
  const fault = findJsonFault(raw);
  if (fault) {
    throw errors.validation(fault === 'nul' ? 'body: holds a NUL character' : 'body: nested too deeply');
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw errors.validation(issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'Invalid request body');
  }
  return parsed.data;
}

const apiKeyHint = 'Double check your Supabase `anon` or `service_role` API key.';

/**
 * What the auth routes need of the server: declared here, not taken from the app's AppDeps, so auth
 * depends on nothing above it (the app's deps have all of this and more).
 */
export interface AuthRouteDeps {
  config: Config;
  db: Database;
  keys: ServerKeys;
  tokens: TokenService;
  sessions: SessionLiveness;
  rateLimiter: RateLimiter;
  /** How the server waits (the per-account sign-in delay); tests record the waits instead. */
  sleep: (ms: number) => Promise<void>;
}

export function authRoutes(deps: AuthRouteDeps): Hono {
  const { db, tokens, sessions, rateLimiter, config } = deps;
  const app = new Hono();
  const addressOf = (c: Context) => clientAddress(c, config.trustedProxies);

  app.onError((error, c) => {
    if (error instanceof AuthError) return errorResponse(c, error);
    if (error instanceof OAuthError) {
      return c.json({ error: error.error, error_description: error.message }, 400, {
        'X-Supabase-Api-Version': apiVersion,
      });
    }
    throw error;
  });

  app.use(async (c, next) => {
    await next();
    c.header('X-Supabase-Api-Version', apiVersion);
  });

  // Public, like GoTrue's: verifying a token needs no key.
  app.get('/.well-known/jwks.json', (c) => c.json(tokens.jwks(), 200, { 'Cache-Control': 'public, max-age=600' }));

  app.use(async (c, next) => {
    const key = c.req.header('apikey') ?? c.req.query('apikey');
    if (!key) {
      throw new AuthError(401, 'no_api_key', 'No API key found in request', {
        extra: { hint: 'No `apikey` request header or url param was found.' },
      });
    }
    if (key !== deps.keys.anonKey) {
      throw new AuthError(401, 'invalid_api_key', 'Invalid API key', { extra: { hint: apiKeyHint } });
    }
    await next();
  });

  app.post('/token', async (c) => {
    const grantType = c.req.query('grant_type');
    if (grantType === 'password') {
      const body = await readBody(c, passwordGrantSchema);
      if (!body.email && !body.phone) throw errors.validation('missing email or phone');
      const address = addressOf(c);
      await enforce(rateLimiter, 'password-address', rateLimitKey(address), authLimits.passwordPerAddress);
      // Per account: slowed, never refused, so guessing from many addresses cannot lock the owner out.
      const accountKey = emailKey(body.email ?? `phone:${body.phone}`);
      const account = await rateLimiter.hit('password-account', accountKey, signInDelayWindow);
      const wait = signInDelayMs(account.count);
      if (wait > 0) await deps.sleep(wait);
      // Phone sign-in is not offered: such an attempt fails like a wrong password.
      const user = body.email ? await loadUserByEmail(db, body.email) : undefined;
      const ok = await verifyPassword(body.password ?? '', user?.row.encrypted_password);
      if (!user || !ok) throw errors.invalidCredentials();
      if (!user.row.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
      if (isBanned(user.row)) throw errors.userBanned();
      const response = await startSession(db, tokens, user.row.id, {
        ip: address,
        userAgent: c.req.header('user-agent'),
      });
      return c.json(response);
    }
    if (grantType === 'refresh_token') {
      const body = await readBody(c, refreshGrantSchema);
      await enforce(rateLimiter, 'refresh-address', rateLimitKey(addressOf(c)), authLimits.refreshPerAddress);
      const response = await refreshSession(
        db,
        tokens,
        sessions,
        body.refresh_token ?? '',
        config.auth.refreshTokenReuseInterval,
      );
      return c.json(response);
    }
    throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type');
  });

  app.post('/signup', async (c) => {
    if (!config.auth.enableSignup) throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
    const body = await readBody(c, signupSchema);
    if (!body.email) {
      if (body.phone) throw new AuthError(422, 'phone_provider_disabled', 'Phone signups are disabled');
      throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
    }
    const address = addressOf(c);
    await enforce(rateLimiter, 'signup-address', rateLimitKey(address), authLimits.signupPerAddress);
    if (!z.email().safeParse(body.email.trim()).success) {
      throw errors.validation('Unable to validate email address: invalid format');
    }
    const password = body.password ?? '';
    const problem = passwordProblem(password);
    if (problem === 'too_short') {
      throw new AuthError(422, 'weak_password', `Password should be at least ${minPasswordLength} characters.`, {
        extra: { weak_password: { reasons: ['length'] } },
      });
    }
    if (problem === 'too_long')
      throw errors.validation(`Password cannot be longer than ${maxPasswordBytes} characters`);
    const passwordHash = await hashPassword(password);
    let userId: string;
    try {
      userId = await db.transaction((tx) =>
        insertEmailUser(tx, {
          email: body.email ?? '',
          passwordHash,
          // Never staff: the role lives in app_metadata, which sign-up cannot set.
          appMetadata: { provider: 'email', providers: ['email'] },
          userMetadata: body.data ?? {},
        }),
      );
    } catch (error) {
      if (sqlState(error) === '23505') throw new AuthError(422, 'user_already_exists', 'User already registered');
      throw error;
    }
    return c.json(await startSession(db, tokens, userId, { ip: address, userAgent: c.req.header('user-agent') }));
  });

  app.get('/user', async (c) => {
    const auth = await authenticate(c, db, tokens);
    return c.json(auth.user.json);
  });

  app.put('/user', async (c) => {
    const auth = await authenticate(c, db, tokens);
    const body = await readBody(c, updateUserSchema);
    const user = await updateUser(deps, auth, body, { rateLimitKey: rateLimitKey(addressOf(c)) });
    return c.json(user);
  });

  app.post('/logout', async (c) => {
    const scope = c.req.query('scope') ?? 'global';
    if (!isLogoutScope(scope)) throw errors.validation(`Unsupported logout scope "${scope}"`);
    const auth = await authenticate(c, db, tokens);
    await logout(db, sessions, auth.user.row.id, auth.session.id, scope);
    return c.body(null, 204);
  });

  app.post('/factors', async (c) => {
    const auth = await authenticate(c, db, tokens);
    if (auth.user.row.is_anonymous)
      throw new AuthError(403, 'no_authorization', 'Anonymous users cannot enroll factors');
    const body = await readBody(c, enrollSchema);
    if (body.factor_type === 'phone') {
      throw new AuthError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
    }
    if (body.factor_type === 'webauthn') {
      throw new AuthError(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
    }
    if (body.factor_type !== 'totp') throw errors.validation('factor_type needs to be totp, phone or webauthn');
    const issuer = body.issuer?.trim() || new URL(c.req.url).hostname;
    return c.json(await enrollTotp(db, auth, { friendlyName: body.friendly_name?.trim() ?? '', issuer }));
  });

  app.post('/factors/:id/challenge', async (c) => {
    const auth = await authenticate(c, db, tokens);
    return c.json(await challengeFactor(db, auth, c.req.param('id'), addressOf(c)));
  });

  app.post('/factors/:id/verify', async (c) => {
    const auth = await authenticate(c, db, tokens);
    const body = await readBody(c, verifySchema);
    if (body.code.trim() === '') throw errors.validation('Code needs to be non-empty');
    const address = addressOf(c);
    await enforce(rateLimiter, 'mfa-verify-address', rateLimitKey(address), authLimits.mfaVerifyPerAddress);
    await enforce(rateLimiter, 'mfa-verify-user', auth.user.row.id, authLimits.mfaVerifyPerUser);
    const response = await verifyFactor(db, tokens, sessions, auth, c.req.param('id'), {
      challengeId: body.challenge_id,
      code: body.code.trim(),
      ip: address,
    });
    return c.json(response);
  });

  app.delete('/factors/:id', async (c) => {
    const auth = await authenticate(c, db, tokens);
    return c.json(await unenrollFactor(db, auth, c.req.param('id')));
  });

  return app;
}
