/**
 * The server's secrets: the ES256 key that signs access tokens and the publishable (anon) key.
 * Given by configuration, or generated on first start into DATA_DIR/keys (mode 0600). A key file
 * that exists but cannot be read stops the start: silently making a new key would sign every
 * staff member out and hide a damaged data folder.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import { z } from 'zod';

export interface ServerKeys {
  /** The signing key, with its id. */
  privateKey: CryptoKey;
  publicJwk: JWK & { kid: string };
  kid: string;
  /** The publishable key the browser sends as `apikey`. */
  anonKey: string;
}

export class KeyFileError extends Error {
  override name = 'KeyFileError';
}

const privateJwkSchema = z.object({
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  x: z.string().min(1),
  y: z.string().min(1),
  d: z.string().min(1),
  kid: z.string().min(1).optional(),
});

async function fromPrivateJwk(json: string, source: string): Promise<Omit<ServerKeys, 'anonKey'>> {
  let jwk: z.infer<typeof privateJwkSchema>;
  try {
    jwk = privateJwkSchema.parse(JSON.parse(json));
  } catch {
    throw new KeyFileError(`${source} is not an ES256 private key in JWK form (it may be truncated or damaged).`);
  }
  const { d: _d, kid: givenKid, ...publicPart } = jwk;
  const kid = givenKid ?? (await calculateJwkThumbprint(publicPart));
  const privateKey = (await importJWK({ ...jwk, alg: 'ES256' }, 'ES256')) as CryptoKey;
  return { privateKey, kid, publicJwk: { ...publicPart, kid } };
}

function writeSecret(path: string, content: string): void {
  writeFileSync(path, content, { mode: 0o600, flag: 'wx' });
  chmodSync(path, 0o600);
}

export async function loadKeys(options: {
  dataDir: string;
  privateKeyJwk: string | undefined;
  anonKey: string | undefined;
}): Promise<ServerKeys> {
  const dir = join(options.dataDir, 'keys');
  mkdirSync(dir, { recursive: true, mode: 0o700 });

  let signing: Omit<ServerKeys, 'anonKey'>;
  if (options.privateKeyJwk) {
    signing = await fromPrivateJwk(options.privateKeyJwk, 'AUTH_JWT_PRIVATE_KEY');
  } else {
    const path = join(dir, 'jwt-signing-key.json');
    if (!existsSync(path)) {
      const { privateKey } = await generateKeyPair('ES256', { extractable: true });
      const jwk = await exportJWK(privateKey);
      const { d: _d, ...publicPart } = jwk;
      writeSecret(path, `${JSON.stringify({ ...jwk, kid: await calculateJwkThumbprint(publicPart) })}\n`);
    }
    signing = await fromPrivateJwk(readFileSync(path, 'utf8'), path);
  }

  let anonKey = options.anonKey;
  if (!anonKey) {
    const path = join(dir, 'publishable-key');
    if (!existsSync(path)) writeSecret(path, `sb_publishable_${randomBytes(24).toString('base64url')}\n`);
    anonKey = readFileSync(path, 'utf8').trim();
    if (!/^sb_publishable_[A-Za-z0-9_-]{32}$/.test(anonKey)) {
      throw new KeyFileError(`${path} does not hold a publishable key (it may be truncated or damaged).`);
    }
  }
  return { ...signing, anonKey };
}
