/**
 * `npm run admin -- create` while the server runs on the embedded database. PGlite lets one
 * process open its folder, so the command cannot open it beside the server: it hands the account
 * to the server through the ops socket (DATA_DIR/ops.sock, which only the server's own OS account
 * can open, see ops.ts), and the server makes it with the same function and checks as the command
 * would make it itself. Whoever can open the socket could equally stop the server and run the
 * command, so the socket grants nothing new.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { roleAssignmentSchema } from '../../domain/team.ts';
import { AccountError, createStaffAccount } from '../auth/accounts.ts';
import type { Database } from '../db/database.ts';
import { requireKnownBranches, UnknownBranchError } from '../known-branches.ts';

export const socketAccountsPath = '/accounts';

/** What the command sends: the account as its options gave it (the server checks it again). */
export const socketAccountSchema = z.object({
  email: z.string().max(320),
  password: z.string().max(4096),
  assignment: roleAssignmentSchema,
});
export type SocketAccount = z.input<typeof socketAccountSchema>;

const maxBodyBytes = 16 * 1024;

function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBodyBytes) chunks.push(chunk);
    });
    req.on('end', () => resolve(size <= maxBodyBytes ? Buffer.concat(chunks).toString('utf8') : undefined));
    req.on('error', reject);
  });
}

function answer(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(message);
}

/** POST /accounts on the ops socket: 201 made, 422 refused (the message says why), 400 not understood. */
export async function answerAccountRequest(db: Database, req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    const body = await readBody(req);
    let json: unknown;
    try {
      json = body === undefined ? undefined : JSON.parse(body);
    } catch {
      json = undefined;
    }
    const parsed = socketAccountSchema.safeParse(json);
    if (!parsed.success) return answer(res, 400, 'Expected an email, a password and a role.');
    await requireKnownBranches(db, parsed.data.assignment.branches);
    await createStaffAccount(db, parsed.data);
    answer(res, 201, 'Created.');
  } catch (error) {
    // The refusal's message names the rule, never the password.
    if (error instanceof AccountError || error instanceof UnknownBranchError) return answer(res, 422, error.message);
    answer(res, 500, error instanceof Error ? error.message : String(error));
  }
}
