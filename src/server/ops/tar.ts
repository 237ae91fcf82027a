/**
 * Just enough of the tar format (POSIX ustar) for backups: regular files and folders, written and
 * read in memory. A backup is a plain tar so `tar tf` can look inside it; the reader is strict
 * (checksums, sizes, the end marker) because a damaged backup must be refused, never half-read.
 */

export interface TarEntry {
  /** A relative path with "/" separators; folders end with "/". */
  name: string;
  data: Uint8Array;
  mode?: number;
}

export class TarError extends Error {
  override name = 'TarError';
}

const block = 512;

function writeString(header: Uint8Array, offset: number, length: number, value: string): void {
  const bytes = new TextEncoder().encode(value);
  if (bytes.length > length) throw new TarError(`tar field too long: ${value}`);
  header.set(bytes, offset);
}

function writeOctal(header: Uint8Array, offset: number, length: number, value: number): void {
  writeString(header, offset, length, `${value.toString(8).padStart(length - 1, '0')}\0`);
}

function readString(header: Uint8Array, offset: number, length: number): string {
  const field = header.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return new TextDecoder().decode(end === -1 ? field : field.subarray(0, end));
}

function readOctal(header: Uint8Array, offset: number, length: number): number {
  const text = readString(header, offset, length).trim();
  if (!/^[0-7]*$/.test(text)) throw new TarError('a tar header holds a number that is not octal');
  return text === '' ? 0 : Number.parseInt(text, 8);
}

function checksum(header: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < block; i++) sum += i >= 148 && i < 156 ? 32 : (header[i] ?? 0);
  return sum;
}

/** Splits a long path into ustar's prefix (155) and name (100) at a "/". */
function splitName(path: string): { prefix: string; name: string } {
  if (new TextEncoder().encode(path).length <= 100) return { prefix: '', name: path };
  for (let cut = path.lastIndexOf('/'); cut > 0; cut = path.lastIndexOf('/', cut - 1)) {
    const prefix = path.slice(0, cut);
    const name = path.slice(cut + 1);
    if (new TextEncoder().encode(name).length <= 100 && new TextEncoder().encode(prefix).length <= 155) {
      return { prefix, name };
    }
  }
  throw new TarError(`path too long for a backup: ${path}`);
}

export function writeTar(entries: readonly TarEntry[], mtime = new Date()): Uint8Array {
  const parts: Uint8Array[] = [];
  let total = 0;
  for (const entry of entries) {
    const folder = entry.name.endsWith('/');
    const header = new Uint8Array(block);
    const { prefix, name } = splitName(entry.name);
    writeString(header, 0, 100, name);
    writeOctal(header, 100, 8, entry.mode ?? (folder ? 0o700 : 0o600));
    writeOctal(header, 108, 8, 0);
    writeOctal(header, 116, 8, 0);
    writeOctal(header, 124, 12, folder ? 0 : entry.data.length);
    writeOctal(header, 136, 12, Math.floor(mtime.getTime() / 1000));
    header[156] = folder ? 53 : 48; // '5' folder, '0' file
    writeString(header, 257, 6, 'ustar\0');
    writeString(header, 263, 2, '00');
    writeString(header, 345, 155, prefix);
    writeOctal(header, 148, 7, checksum(header));
    header[155] = 32;
    parts.push(header);
    total += block;
    if (!folder) {
      const padded = Math.ceil(entry.data.length / block) * block;
      const body = new Uint8Array(padded);
      body.set(entry.data);
      parts.push(body);
      total += padded;
    }
  }
  parts.push(new Uint8Array(block * 2)); // the end marker
  total += block * 2;
  const out = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * Reads every entry; throws a TarError when a header is damaged, a file is cut short, or the end
 * marker is missing (a backup written halfway). Only files and folders are accepted.
 */
export function readTar(archive: Uint8Array): TarEntry[] {
  const entries: TarEntry[] = [];
  let at = 0;
  for (;;) {
    if (at + block > archive.length) throw new TarError('the archive ends before its end marker (cut short)');
    const header = archive.subarray(at, at + block);
    if (header.every((byte) => byte === 0)) return entries;
    if (readOctal(header, 148, 8) !== checksum(header)) throw new TarError(`a tar header is damaged (at byte ${at})`);
    const prefix = readString(header, 345, 155);
    const base = readString(header, 0, 100);
    const name = prefix ? `${prefix}/${base}` : base;
    const type = String.fromCharCode(header[156] ?? 0);
    const size = readOctal(header, 124, 12);
    const mode = readOctal(header, 100, 8);
    at += block;
    if (type === '5') {
      entries.push({ name: name.endsWith('/') ? name : `${name}/`, data: new Uint8Array(0), mode });
    } else if (type === '0' || type === '\0') {
      if (at + size > archive.length) throw new TarError(`${name} is cut short`);
      entries.push({ name, data: archive.subarray(at, at + size), mode });
      at += Math.ceil(size / block) * block;
    } else {
      throw new TarError(`${name}: only files and folders belong in a backup`);
    }
  }
}
