/**
 * The team screen's server side, at /functions/v1/team — where a hosted Supabase project serves
 * an Edge Function named `team`, so the web app calls it the same way on both
 * (`supabase.functions.invoke('team', …)`). Managing accounts needs rights no browser may hold
 * (on hosted Supabase, the service key), so it happens here, and only for a caller this endpoint
 * checks itself: a live session whose account is an owner *now* (read from the database, not
 * from the token, so an owner demoted a moment ago is refused at once) and, when the account has
 * a verified second factor, a session that used it (aal2).
 *
 *   GET  /functions/v1/team                          the accounts, the branches, the caller's id
 *   POST /functions/v1/team {action: 'create', email, role, branches}        → a temporary password
 *        {action: 'update', id, role, branches}   {action: 'reset-password', id} → a temporary password
 *        {action: 'remove', id}
 * A change of role, a new password and a removal end the account's sessions: its tokens stop
 * working within the session-liveness window everywhere and at once in this process.
 */
import { type Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { type RoleAssignment, roleAssignmentSchema, type TeamList, teamRequestSchema } from '../../domain/team.ts';
import type { AppDeps } from '../app-deps.ts';
import {
  AccountError,
  createStaffAccount,
  findStaffAccount,
  generateTemporaryPassword,
  LastOwnerError,
  listStaffAccounts,
  removeStaffAccountById,
  resetStaffPassword,
  setStaffRole,
} from '../auth/accounts.ts';
import { type Authenticated, authenticate } from '../auth/bearer.ts';
import { AuthError } from '../auth/errors.ts';
import type { Queryable } from '../db/database.ts';
import { knownBranches, requireKnownBranches, UnknownBranchError } from '../known-branches.ts';

class TeamError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: string;
  constructor(status: ContentfulStatusCode, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

function reply(c: Context, error: TeamError): Response {
  return c.json({ code: error.code, message: error.message }, error.status, { 'Cache-Control': 'no-store' });
}

async function checkAssignment(q: Queryable, input: { role: string; branches: string[] }): Promise<RoleAssignment> {
  const parsed = roleAssignmentSchema.safeParse(input);
  if (!parsed.success) {
    throw new TeamError(400, 'validation_failed', parsed.error.issues[0]?.message ?? 'Invalid role or branches');
  }
  try {
    await requireKnownBranches(q, parsed.data.branches);
  } catch (error) {
    if (error instanceof UnknownBranchError) throw new TeamError(400, 'unknown_branch', error.message);
    throw error;
  }
  return parsed.data;
}

export function teamRoutes(deps: AppDeps): Hono {
  const { db, tokens, sessions } = deps;
  const app = new Hono();

  /** The caller, if an owner with a live session (and aal2 when they have a verified factor). */
  async function owner(c: Context): Promise<Authenticated> {
    let caller: Authenticated;
    try {
      caller = await authenticate(c, db, tokens);
    } catch (error) {
      // No token, a bad or expired one, or an ended session: not signed in, as a functions gateway answers.
      if (error instanceof AuthError) throw new TeamError(401, 'not_signed_in', 'Sign in as an owner first');
      throw error;
    }
    if (caller.user.row.raw_app_meta_data.role !== 'owner') {
      throw new TeamError(403, 'not_owner', 'Only an owner may manage the team');
    }
    const factors = Array.isArray(caller.user.json.factors) ? caller.user.json.factors : [];
    const verified = factors.some(
      (f: unknown) => typeof f === 'object' && f !== null && 'status' in f && f.status === 'verified',
    );
    if (verified && caller.session.aal !== 'aal2') {
      throw new TeamError(403, 'insufficient_aal', 'Verify your second factor first');
    }
    return caller;
  }

  app.onError((error, c) => {
    if (error instanceof TeamError) return reply(c, error);
    if (error instanceof LastOwnerError) return reply(c, new TeamError(409, 'last_owner', error.message));
    if (error instanceof AccountError) return reply(c, new TeamError(409, 'account_refused', error.message));
    throw error;
  });

  app.get('/team', async (c) => {
    const caller = await owner(c);
    const body: TeamList = {
      accounts: await listStaffAccounts(db),
      branches: await knownBranches(db),
      self: caller.user.row.id,
    };
    return c.json(body, 200, { 'Cache-Control': 'no-store' });
  });

  app.post('/team', async (c) => {
    const caller = await owner(c);
    let raw: unknown;
    try {
      raw = await c.req.json();
    } catch {
      throw new TeamError(400, 'bad_json', 'The body must be JSON');
    }
    const parsed = teamRequestSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new TeamError(
        400,
        'validation_failed',
        issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'Invalid body',
      );
    }
    const request = parsed.data;
    const noStore = { 'Cache-Control': 'no-store' };

    if (request.action === 'create') {
      const assignment = await checkAssignment(db, request);
      const temporaryPassword = generateTemporaryPassword(request.email);
      const id = await createStaffAccount(db, { email: request.email, password: temporaryPassword, assignment });
      const account = await findStaffAccount(db, id);
      return c.json({ account, temporaryPassword }, 201, noStore);
    }

    // The caller's own account: an owner may not demote or remove themselves here (the database
    // also refuses to take the last owner away, whoever asks). Both ids are canonical, lower-case
    // uuids: compared as text, 'ABC…' would pass for another account while Postgres finds 'abc…'.
    if (request.id === caller.user.row.id.toLowerCase() && request.action !== 'reset-password') {
      throw new TeamError(409, 'own_account', 'You cannot change or remove your own account here');
    }
    const target = await findStaffAccount(db, request.id);
    if (!target) throw new TeamError(404, 'not_found', 'No such staff account');

    if (request.action === 'update') {
      const assignment = await checkAssignment(db, request);
      const account = await setStaffRole(db, { id: target.id }, assignment);
      if (!account) throw new TeamError(404, 'not_found', 'No such staff account');
      sessions.ended(target.id);
      return c.json({ account }, 200, noStore);
    }
    if (request.action === 'reset-password') {
      const temporaryPassword = generateTemporaryPassword(target.email);
      if (!(await resetStaffPassword(db, { email: target.email, password: temporaryPassword }))) {
        throw new TeamError(404, 'not_found', 'No such staff account');
      }
      sessions.ended(target.id);
      const account = await findStaffAccount(db, target.id);
      return c.json({ account, temporaryPassword }, 200, noStore);
    }
    if (!(await removeStaffAccountById(db, target.id))) throw new TeamError(404, 'not_found', 'No such staff account');
    sessions.ended(target.id);
    return c.json({ removed: target.id }, 200, noStore);
  });

  app.all('/team', (c) => reply(c, new TeamError(405, 'method_not_allowed', 'Use GET or POST')));
  return app;
}
