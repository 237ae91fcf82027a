/**
 * Object names and their files: a name is a relative path of plain segments, and its file always
 * lies inside its bucket's folder, however the name was spelled or encoded.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { StorageFailure } from './errors.ts';
import { checkObjectName, ObjectFiles, splitObjectPath } from './paths.ts';

const root = mkdtempSync(join(tmpdir(), 'saffron-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof StorageFailure) return `${error.status} ${error.message}`;
    throw error;
  }
  return 'accepted';
}

describe('object names', () => {
  it('accepts plain relative paths, Vietnamese names included', () => {
    expect(checkObjectName('dishes/phở bò (tái).jpg')).toBe('dishes/phở bò (tái).jpg');
    expect(splitObjectPath('menu/dishes/ph%E1%BB%9F.jpg')).toEqual({ bucket: 'menu', name: 'dishes/phở.jpg' });
  });

  it.each([
    ['../outside.jpg', 'Invalid key: empty, "." or ".." folder'],
    ['dishes/../../outside.jpg', 'Invalid key: empty, "." or ".." folder'],
    ['/etc/passwd', 'Invalid key: empty, "." or ".." folder'],
    ['dishes//pho.jpg', 'Invalid key: empty, "." or ".." folder'],
    ['dishes\\..\\pho.jpg', 'Invalid key: use letters, digits, spaces and - _ . ( ) only'],
    ['dishes/pho\u0000.jpg', 'Invalid key: use letters, digits, spaces and - _ . ( ) only'],
    ['dishes/.hidden.jpg', 'Invalid key: a name may not start with "."'],
    [`${'a'.repeat(201)}.jpg`, 'Invalid key: a part is longer than 200 bytes'],
    [`${'abc/'.repeat(130)}x.jpg`, 'Invalid key: the name is longer than 512 bytes'],
    ['', 'Invalid key: the name is empty'],
  ])('refuses %j', (name, message) => {
    expect(refusal(() => checkObjectName(name))).toBe(`400 ${message}`);
  });

  it('decodes before checking, so an encoded ".." is refused too', () => {
    expect(refusal(() => splitObjectPath('menu/x/%2e%2e%2f%2e%2e%2fsecret'))).toBe(
      '400 Invalid key: empty, "." or ".." folder',
    );
    expect(refusal(() => splitObjectPath('../menu/x.jpg'))).toBe('400 Invalid bucket name');
    expect(refusal(() => splitObjectPath('menu/bad%zz'))).toBe('400 Invalid key: bad percent-encoding');
  });
});

describe('object files', () => {
  it('writes whole files inside the bucket folder and leaves no temporary file', async () => {
    const files = new ObjectFiles(root);
    await files.write('menu', 'dishes/pho.jpg', new Uint8Array([1, 2, 3]));
    await files.write('menu', 'dishes/pho.jpg', new Uint8Array([4, 5]));
    expect([...readFileSync(join(root, 'menu', 'dishes', 'pho.jpg'))]).toEqual([4, 5]);
    expect(readdirSync(join(root, 'menu', 'dishes'))).toEqual(['pho.jpg']);
    expect(() => files.path('menu', '../../outside')).toThrow(StorageFailure);
    await files.remove('menu', 'dishes/pho.jpg');
    expect(readdirSync(join(root, 'menu', 'dishes'))).toEqual([]);
  });
});
