/**
 * Writes every illustration of the site under public/images/ from code, so the artwork is ours,
 * repeatable and tiny. Run: `node scripts/artwork/generate.ts` (SVGs), then
 * `node scripts/artwork/generate.ts --og` to render the social-sharing PNG with Chromium.
 * See docs/images.md for where each picture is used and how to replace it with photographs.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { optimize } from 'svgo';
import { menuSchema } from '../../src/domain/menu-schema.ts';
import { drawDish } from './dishes.ts';
import { menuArt } from './menu-art.ts';
import { encodePng } from './png-encode.ts';
import {
  branchScene,
  branchSceneSlugs,
  heroScene,
  ogComposition,
  specialArt,
  storyBranches,
  storyKitchen,
} from './scenes.ts';
import { createDefs, seeded, svgDocument } from './svg-kit.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const imagesDir = join(root, 'public', 'images');

function write(relativePath: string, svg: string): void {
  const { data } = optimize(svg, {
    multipass: true,
    floatPrecision: 1,
    plugins: [{ name: 'preset-default', params: { overrides: { removeUnknownsAndDefaults: { keepRoleAttr: true } } } }],
  });
  const file = join(imagesDir, relativePath);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${data}\n`);
  console.log(`${relativePath.padEnd(48)} ${(Buffer.byteLength(data) / 1024).toFixed(1)} KB`);
}

function dishSvg(slug: string, width: number, height: number, special: boolean): string {
  const art = special ? specialArt[slug] : menuArt[slug];
  if (!art) throw new Error(`No artwork recipe for "${slug}": add one to scripts/artwork/menu-art.ts`);
  const defs = createDefs();
  const body = drawDish(defs, seeded(slug), art);
  return svgDocument(width, height, '0 0 400 300', defs, body);
}

function generateSvgs(): void {
  const menu = menuSchema.parse(JSON.parse(readFileSync(join(root, 'public', 'data', 'menu.json'), 'utf8')));
  for (const items of Object.values(menu)) {
    for (const item of items) {
      if (!item.image.startsWith('/images/menu/') || !item.image.endsWith('.svg')) continue;
      write(`menu/${basename(item.image)}`, dishSvg(basename(item.image, '.svg'), 400, 300, false));
    }
  }
  for (const slug of Object.keys(specialArt)) write(`specials/${slug}.svg`, dishSvg(slug, 800, 600, true));
  write('hero.svg', heroScene());
  write('story-kitchen.svg', storyKitchen());
  write('story-branches.svg', storyBranches());
  for (const slug of branchSceneSlugs) write(`branches/${slug}.svg`, branchScene(slug));
}

async function generateOg(): Promise<void> {
  // Imported here so the SVG step needs no browser.
  const { chromium } = await import('playwright-core');
  const { chromiumArgs } = await import('../../playwright.config.ts');
  const specials = ['chicken-tikka-masala', 'tandoori-chicken', 'palak-paneer'].map(
    (slug) =>
      // Without the grain overlays: noise would make the PNG several times larger.
      `data:image/svg+xml;base64,${Buffer.from(
        readFileSync(join(imagesDir, 'specials', `${slug}.svg`), 'utf8').replace(
          /<[^<>]*filter="url\(#[^)]*\)"[^<>]*\/>/g,
          '',
        ),
      ).toString('base64')}`,
  );
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
  try {
    const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
    await page.setContent(`<!doctype html><html><body style="margin:0">${ogComposition(specials)}</body></html>`, {
      waitUntil: 'load',
    });
    const shot = await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width: 1200, height: 630 } });
    // Round every channel to steps of 6 (43 levels): invisible at this size, but it removes the
    // gradient dithering that otherwise makes the PNG three times larger than its 200 KB budget.
    const rgbBase64 = await page.evaluate(
      async (source: string) => {
        const img = new Image();
        img.src = source;
        await img.decode();
        const canvas = document.createElement('canvas');
        canvas.width = img.width;
        canvas.height = img.height;
        const ctx = canvas.getContext('2d');
        if (!ctx) throw new Error('no 2d canvas');
        ctx.drawImage(img, 0, 0);
        const rgba = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
        let binary = '';
        for (let i = 0; i < rgba.length; i++) {
          if (i % 4 !== 3) binary += String.fromCharCode(Math.min(255, Math.round((rgba[i] ?? 0) / 6) * 6));
        }
        return btoa(binary);
      },
      `data:image/png;base64,${shot.toString('base64')}`,
    );
    const png = encodePng(1200, 630, Buffer.from(rgbBase64, 'base64'));
    writeFileSync(join(imagesDir, 'og-image.png'), png);
    console.log(`${'og-image.png'.padEnd(48)} ${(png.length / 1024).toFixed(1)} KB`);
  } finally {
    await browser.close();
  }
}

if (process.argv.includes('--og')) await generateOg();
else generateSvgs();
