/**
 * Password hashing with bcrypt, as GoTrue does ($2a$/$2b$ hashes, cost 10), so an account copied
 * to a hosted project keeps its password. bcrypt reads at most 72 bytes: longer passwords are
 * refused when set, as GoTrue refuses them. The native library hashes on libuv's thread pool, so a
 * sign-in (about 70 ms of CPU at cost 10) does not stall every other request the way a
 * JavaScript implementation on the main thread would.
 *
 * passwordProblem is public sign-up's rule (GoTrue's: a minimum length); staff passwords follow
 * the stricter rule of src/domain/password-policy.ts.
 */
import bcrypt from 'bcrypt';
import { passwordMaxBytes } from '../../domain/password-policy.ts';

export const bcryptCost = 10;
export const minPasswordLength = 8;
export const maxPasswordBytes = passwordMaxBytes;

export function passwordProblem(password: string): 'too_short' | 'too_long' | undefined {
  if ([...password].length < minPasswordLength) return 'too_short';
  if (Buffer.byteLength(password, 'utf8') > maxPasswordBytes) return 'too_long';
  return undefined;
}

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, bcryptCost);
}

// An unknown email is checked against this hash, so it costs as long as a wrong password and the
// answer time does not reveal which emails have accounts.
let decoy: Promise<string> | undefined;

export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  if (!hash || !/^\$2[aby]\$\d\d\$/.test(hash)) {
    decoy ??= bcrypt.hash('decoy password for unknown accounts', bcryptCost);
    await bcrypt.compare(password, await decoy);
    return false;
  }
  return bcrypt.compare(password, hash);
}
