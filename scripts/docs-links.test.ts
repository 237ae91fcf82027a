/**
 * Every link in README.md and docs/**\/*.md resolves: the file (or folder) a relative link names
 * exists, and a `#anchor` matches a heading of the page it points at, slugged as GitHub does.
 * Plain file reads, no server.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** GitHub's heading anchor: lowercase, punctuation dropped (hyphens and spaces kept), spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** The text of a heading as GitHub renders it: links and images reduced to their text, no trailing #s. */
function headingText(raw: string): string {
  return raw
    .replace(/\s+#+\s*$/, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '');
}

/** Lines outside fenced code blocks, with their 1-based line numbers. */
function proseLines(text: string): { line: string; n: number }[] {
  const out: { line: string; n: number }[] = [];
  let fence: string | null = null;
  text.split('\n').forEach((line, i) => {
    const m = /^\s*(```|~~~)/.exec(line);
    if (m?.[1]) {
      if (fence === null) fence = m[1];
      else if (fence === m[1]) fence = null;
      return;
    }
    if (fence === null) out.push({ line, n: i + 1 });
  });
  return out;
}

/** Every anchor a page offers: its headings' slugs (repeats get -1, -2, … as on GitHub) and explicit ids. */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const { line } of proseLines(text)) {
    const h = /^ {0,3}#{1,6}\s+(.*)$/.exec(line);
    if (h?.[1] !== undefined) {
      const base = slug(headingText(h[1]));
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      result.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const m of line.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) if (m[1]) result.add(m[1]);
  }
  return result;
}

/** The targets of `[text](target)`, `![alt](target)` and `<img src="target">`, code spans left out. */
function links(text: string): { target: string; n: number }[] {
  const out: { target: string; n: number }[] = [];
  for (const { line, n } of proseLines(text)) {
    const prose = line.replace(/`+[^`]*`+/g, '');
    for (const m of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
      if (m[1]) out.push({ target: m[1], n });
    for (const m of prose.matchAll(/<img\s[^>]*src="([^"]+)"/g)) if (m[1]) out.push({ target: m[1], n });
  }
  return out;
}

function markdownPages(): string[] {
  const docs = readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => join('docs', f));
  return ['README.md', ...docs].sort();
}

/** What is wrong with one link on one page, or null. */
function problem(page: string, target: string): string | null {
  if (/^(https?:|mailto:)/i.test(target)) return null;
  const hash = target.indexOf('#');
  const path = hash === -1 ? target : target.slice(0, hash);
  const anchor = hash === -1 ? '' : decodeURIComponent(target.slice(hash + 1));
  const file =
    path === ''
      ? join(root, page)
      : path.startsWith('/')
        ? join(root, path)
        : resolve(root, dirname(page), decodeURIComponent(path));
  if (relative(root, file).startsWith('..')) return 'points outside the repository';
  if (!existsSync(file)) return 'no such file';
  if (anchor === '') return null;
  if (statSync(file).isDirectory() || !file.endsWith('.md')) return `#${anchor} on a file that is not markdown`;
  if (!anchors(readFileSync(file, 'utf8')).has(anchor)) return `no heading with the anchor #${anchor}`;
  return null;
}

describe('slug', () => {
  it('slugs headings as GitHub does', () => {
    expect(slug('Quick start')).toBe('quick-start');
    expect(slug('Menu photos (Storage)')).toBe('menu-photos-storage');
    expect(slug("The host's timeline")).toBe('the-hosts-timeline');
    expect(slug('The floor plan: service and edit mode')).toBe('the-floor-plan-service-and-edit-mode');
    expect(slug('The REST surface (PostgREST 12/13)')).toBe('the-rest-surface-postgrest-1213');
    expect(slug('`REST_SCHEMAS` and `Accept-Profile`')).toBe('rest_schemas-and-accept-profile');
    expect(slug('Staff passwords (review #11, item 9)')).toBe('staff-passwords-review-11-item-9');
    expect(slug('Languages: English and Tiếng Việt')).toBe('languages-english-and-tiếng-việt');
    expect(slug('Đặt bàn — Hà Nội')).toBe('đặt-bàn--hà-nội');
  });

  it('numbers repeated headings and reads no headings inside code', () => {
    const page = '# Backups\n\n```sh\n# not a heading\n```\n\n## Notes\n\n## Notes\n';
    expect([...anchors(page)]).toEqual(['backups', 'notes', 'notes-1']);
  });

  it('finds links and images, not code spans', () => {
    const page = 'See [a](a.md#x), ![b](img/b.jpg) and `[c](c.md)`.\n<img src="d.png" alt="" />\n';
    expect(links(page).map((l) => l.target)).toEqual(['a.md#x', 'img/b.jpg', 'd.png']);
  });
});

describe('links in README.md and docs/', () => {
  const pages = markdownPages();

  it('finds the pages', () => {
    expect(pages).toContain('README.md');
    expect(pages.length).toBeGreaterThan(10);
  });

  it.each(pages)('%s: every link resolves', (page) => {
    const broken = links(readFileSync(join(root, page), 'utf8'))
      .map(({ target, n }) => ({ target, n, why: problem(page, target) }))
      .filter((l) => l.why !== null)
      .map((l) => `${page}:${l.n} ${l.target} — ${l.why}`);
    expect(broken).toEqual([]);
  });
});
