/**
 * Bucket ids and object names, checked before they touch the disk or the database, and where an
 * object's bytes live: STORAGE_DIR/<bucket>/<name>. Names are relative paths of plain segments —
 * no "." or "..", no empty segment, no leading slash, no backslash or control character — so a
 * name can never reach outside its bucket's folder. Files are written to a temporary name in the
 * same folder and renamed, so a reader sees the old file or the new one, never half of one.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { StorageFailure } from './errors.ts';

const bucketPattern = /^[a-z0-9][a-z0-9_-]{0,62}$/;
// Letters and digits of any script, and the punctuation hosted Storage allows in keys that is
// harmless in a file name and a URL path.
const segmentPattern = /^[\p{L}\p{N} _.\-()!'@=+,]+$/u;
const maxNameBytes = 512;
const maxSegmentBytes = 200;

export function checkBucketId(id: string): string {
  if (!bucketPattern.test(id)) throw new StorageFailure(400, 'InvalidBucketName', 'Invalid bucket name');
  return id;
}

/** The object's name as stored, or a 400 naming what is wrong with it. */
export function checkObjectName(raw: string): string {
  const name = raw.normalize('NFC');
  const invalid = (why: string) => new StorageFailure(400, 'InvalidKey', `Invalid key: ${why}`);
  if (name.length === 0) throw invalid('the name is empty');
  if (Buffer.byteLength(name) > maxNameBytes) throw invalid(`the name is longer than ${maxNameBytes} bytes`);
  const segments = name.split('/');
  for (const segment of segments) {
    if (segment === '' || segment === '.' || segment === '..') throw invalid('empty, "." or ".." folder');
    if (Buffer.byteLength(segment) > maxSegmentBytes) throw invalid(`a part is longer than ${maxSegmentBytes} bytes`);
    if (!segmentPattern.test(segment)) throw invalid('use letters, digits, spaces and - _ . ( ) only');
    // Temporary files and the photos' sizes are ours (see photos.ts); no client names one.
    if (segment.startsWith('.')) throw invalid('a name may not start with "."');
  }
  return name;
}

/** The decoded path after /object/<bucket>/, split into bucket and name (both checked). */
export function splitObjectPath(path: string): { bucket: string; name: string } {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    throw new StorageFailure(400, 'InvalidKey', 'Invalid key: bad percent-encoding');
  }
  const slash = decoded.indexOf('/');
  if (slash <= 0) throw new StorageFailure(400, 'InvalidKey', 'Invalid key: the name is empty');
  return { bucket: checkBucketId(decoded.slice(0, slash)), name: checkObjectName(decoded.slice(slash + 1)) };
}

export class ObjectFiles {
  readonly root: string;
  constructor(root: string) {
    this.root = resolve(root);
  }

  /** The file of an object; checked once more to lie inside the bucket's folder. */
  path(bucket: string, name: string): string {
    const folder = join(this.root, checkBucketId(bucket));
    const file = resolve(folder, checkObjectName(name));
    const rel = relative(folder, file);
    if (rel === '' || rel.startsWith('..') || rel.startsWith(sep)) throw new Error('An object path left its bucket');
    return file;
  }

  async write(bucket: string, name: string, bytes: Uint8Array): Promise<void> {
    const file = this.path(bucket, name);
    await mkdir(dirname(file), { recursive: true });
    const temporary = join(dirname(file), `.tmp-${randomBytes(8).toString('hex')}`);
    try {
      await writeFile(temporary, bytes, { flag: 'wx' });
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async remove(bucket: string, name: string): Promise<void> {
    await rm(this.path(bucket, name), { force: true });
  }
}
