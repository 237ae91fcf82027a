/**
 * The larger pictures: the three specials, the hero table spread under Hanoi lanterns, the two
 * "Our Story" scenes, and the composition the social-sharing PNG is rendered from.
 */
import { type DishArt, drawFood } from './dishes.ts';
import { menuArt } from './menu-art.ts';
import {
  between,
  blobPath,
  cardamomPod,
  chilli,
  cinnamon,
  coriander,
  createDefs,
  type Defs,
  lemonWedge,
  n,
  palette,
  type Rng,
  seeded,
  starAnise,
  svgDocument,
} from './svg-kit.ts';

function recipe(slug: string): DishArt {
  const art = menuArt[slug];
  if (!art) throw new Error(`No artwork recipe for "${slug}"`);
  return art;
}

/** The specials reuse their menu recipe, dressed with a fuller table. */
export const specialArt: Record<string, DishArt> = {
  'tandoori-chicken': { ...recipe('tandoori-chicken'), props: ['napkin', 'mint-chutney', 'spices', 'chillies'] },
  'chicken-tikka-masala': { ...recipe('chicken-tikka-masala'), props: ['napkin', 'spoon', 'spices', 'herbs'] },
  'palak-paneer': { ...recipe('palak-paneer'), surface: 'slate', props: ['napkin', 'spoon', 'spices', 'chillies'] },
};

/** A dish drawn from above, tilted onto a table seen at an angle. */
function placed(defs: Defs, slug: string, x: number, y: number, scale: number, tilt = 0.62): string {
  const food = drawFood(defs, seeded(`scene-${slug}`), recipe(slug).dish);
  return `<g transform="translate(${n(x)} ${n(y)})scale(${n(scale)} ${n(scale * tilt)})translate(-200 -150)">${food}</g>`;
}

function lantern(defs: Defs, x: number, y: number, size: number, color: string): string {
  const glow = defs.radial([
    [0, '#ffd27a', 0.55],
    [1, '#ffd27a', 0],
  ]);
  const body = defs.radial(
    [
      [0, '#ffe3a0'],
      [0.55, color],
      [1, '#4a0e14'],
    ],
    0.45,
    0.4,
  );
  const w = size * 0.62;
  const h = size * 0.82;
  return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(size * 2.4)}" fill="${glow}"/><path d="M${n(x)} ${n(y - h - size * 0.6)}V${n(y - h)}" stroke="#2a1a14" stroke-width="2"/><rect x="${n(x - w * 0.45)}" y="${n(y - h - 4)}" width="${n(w * 0.9)}" height="8" rx="2" fill="#c98f3c"/><ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(w)}" ry="${n(h)}" fill="${body}"/><rect x="${n(x - w * 0.45)}" y="${n(y + h - 4)}" width="${n(w * 0.9)}" height="8" rx="2" fill="#c98f3c"/><path d="M${n(x)} ${n(y + h + 4)}v${n(size * 0.5)}" stroke="${color}" stroke-width="5" stroke-linecap="round"/>`;
}

/** Old-quarter tube houses: narrow fronts, tiled roofs, a few lit windows. */
function roofline(rng: Rng, y: number, width: number, color: string, lit: string): string {
  let out = '';
  let x = -20;
  while (x < width) {
    const w = between(rng, 120, 200);
    const h = between(rng, 120, 260);
    const top = y - h;
    out += `<rect x="${n(x)}" y="${n(top)}" width="${n(w)}" height="${n(h + 40)}" fill="${color}"/>`;
    out += `<path d="M${n(x - 12)} ${n(top + 4)}L${n(x + w * 0.5)} ${n(top - 34)}L${n(x + w + 12)} ${n(top + 4)}Z" fill="${color}"/>`;
    out += `<path d="M${n(x - 12)} ${n(top + 4)}L${n(x + w * 0.5)} ${n(top - 34)}L${n(x + w + 12)} ${n(top + 4)}" fill="none" stroke="#000" stroke-opacity=".25" stroke-width="5"/>`;
    for (let k = 0; k < 2; k++) {
      if (rng() < 0.7) {
        out += `<rect x="${n(x + w * (0.2 + k * 0.38))}" y="${n(top + 30 + rng() * 30)}" width="${n(w * 0.22)}" height="${n(34)}" rx="3" fill="${lit}" fill-opacity="${n(between(rng, 0.55, 0.95))}"/>`;
      }
    }
    x += w + between(rng, -6, 10);
  }
  return out;
}

export function heroScene(): string {
  const defs = createDefs();
  const rng = seeded('hero');
  let body = `<rect width="1600" height="1000" fill="${defs.linear(
    [
      [0, '#2a1518'],
      [0.55, '#6a1d26'],
      [1, '#c2652a'],
    ],
    90,
  )}"/>`;
  body += `<g>${roofline(rng, 470, 1600, '#3a1a1e', palette.saffron)}</g>`;
  // Lantern strings across the street.
  body += `<path d="M-20 60Q400 190 820 80T1620 90" fill="none" stroke="#1a0e0c" stroke-width="3"/>`;
  const lanterns: [number, number, number, string][] = [
    [140, 150, 46, '#d8452c'],
    [380, 200, 54, palette.saffron],
    [620, 170, 44, '#c0392b'],
    [1000, 150, 50, palette.saffron],
    [1240, 190, 58, '#d8452c'],
    [1480, 130, 44, palette.saffron],
  ];
  for (const [x, y, s, c] of lanterns) body += lantern(defs, x, y, s, c);
  // The table: warm teak, lit from the lanterns above.
  body += `<path d="M0 430H1600V1000H0Z" fill="${defs.linear(
    [
      [0, '#9a6238'],
      [1, '#4a2814'],
    ],
    90,
  )}"/><path d="M0 430H1600V1000H0Z" filter="${defs.grain(0.28, '0.004 0.25')}"/><path d="M0 430H1600" stroke="#c98a52" stroke-width="6"/>`;
  body += `<path d="M60 520L720 470 760 980 20 1000Z" fill="${palette.maroon}" opacity=".92"/><path d="M70 548L724 498" stroke="${palette.cream}" stroke-opacity=".6" stroke-width="4"/>`;
  body += placed(defs, 'hyderabadi-chicken-biryani', 420, 700, 1.7);
  body += placed(defs, 'palak-paneer', 860, 610, 1.35);
  body += placed(defs, 'tandoori-chicken', 1270, 760, 1.55);
  body += placed(defs, 'butter-naan', 860, 900, 1.3);
  body += placed(defs, 'masala-chai', 1420, 560, 0.8);
  body += chilli(640, 920, -20, 2.2) + chilli(690, 950, 10, 2, '#3f7d2c') + lemonWedge(1040, 980, 10, 2.2);
  body += starAnise(200, 920, 20, 2.4) + cardamomPod(260, 960, 40, 2) + cinnamon(120, 970, -10, 2);
  for (let i = 0; i < 5; i++) body += coriander(1540 - i * 26, 900 + (i % 2) * 30, i * 70, 2);
  // Warm light pooling on the table and a soft vignette.
  body += `<rect width="1600" height="1000" fill="${defs.radial(
    [
      [0, '#ffcf7a', 0.22],
      [1, '#ffcf7a', 0],
    ],
    0.5,
    0.3,
  )}"/><rect width="1600" height="1000" fill="${defs.radial([
    [0.6, '#000', 0],
    [1, '#000', 0.45],
  ])}"/>`;
  return svgDocument(1600, 1000, '0 0 1600 1000', defs, body);
}

function storyKitchenArt(): { defs: Defs; body: string } {
  const defs = createDefs();
  const rng = seeded('kitchen');
  const bricks = defs.raw(
    'bricks',
    (id) =>
      `<pattern id="${id}" width="60" height="40" patternUnits="userSpaceOnUse"><rect width="60" height="40" fill="#a24a2a"/><path d="M0 0H60M0 20H60M30 0V20M0 20V40M60 20V40" stroke="#6a2a16" stroke-width="3"/></pattern>`,
  );
  let body = `<rect width="800" height="600" fill="url(#${bricks})"/><rect width="800" height="600" filter="${defs.grain(0.3, '0.6')}"/>`;
  // A window onto the old quarter at dusk.
  body += `<rect x="470" y="60" width="260" height="220" rx="6" fill="${defs.linear(
    [
      [0, '#3a1a2a'],
      [1, '#e08a3a'],
    ],
    90,
  )}"/><svg x="470" y="60" width="260" height="220" viewBox="0 0 520 440">${roofline(rng, 460, 520, '#2a1218', palette.saffron)}${lantern(defs, 380, 150, 44, '#d8452c')}</svg><rect x="470" y="60" width="260" height="220" rx="6" fill="none" stroke="#4a2a16" stroke-width="14"/><path d="M600 60V280M470 170H730" stroke="#4a2a16" stroke-width="8"/>`;
  // Shelf of spice jars and hanging copper pots.
  body += `<rect x="40" y="150" width="360" height="14" rx="3" fill="#5a3418"/>`;
  const jars = ['#e3a018', '#c8402c', '#6f8f4e', '#d99a1e', '#7a4a2a', '#e8c07a'];
  jars.forEach((c, i) => {
    const x = 60 + i * 56;
    body += `<rect x="${x}" y="96" width="40" height="54" rx="8" fill="#f3e6cc" fill-opacity=".55"/><rect x="${x + 4}" y="114" width="32" height="34" rx="6" fill="${c}"/><rect x="${x + 2}" y="88" width="36" height="10" rx="3" fill="#5a3418"/>`;
  });
  for (const [x, r] of [
    [110, 34],
    [210, 44],
    [320, 30],
  ] as const) {
    body += `<path d="M${x} 0V${200 - r}" stroke="#3a2414" stroke-width="3"/><circle cx="${x}" cy="${220}" r="${r}" fill="${defs.linear(
      [
        [0, '#f0a56a'],
        [1, '#8a3e1a'],
      ],
      40,
    )}"/><rect x="${x - 4}" y="${220 - r - 22}" width="8" height="26" rx="3" fill="#5a3418"/>`;
  }
  // The counter and the tandoor, glowing.
  body += `<rect y="420" width="800" height="180" fill="${defs.linear(
    [
      [0, '#6a4026'],
      [1, '#3a2214'],
    ],
    90,
  )}"/><rect y="412" width="800" height="14" fill="#8a5a34"/>`;
  body += `<rect width="800" height="600" fill="${defs.radial(
    [
      [0, '#ffb04a', 0.45],
      [1, '#ffb04a', 0],
    ],
    0.5,
    0.55,
  )}"/>`;
  body += `<path d="M220 600L250 330Q380 300 510 330L540 600Z" fill="${defs.linear(
    [
      [0, '#d27a48'],
      [1, '#7a3418'],
    ],
    0,
  )}"/><path d="M236 420Q380 400 526 420M228 500Q380 480 534 500" stroke="#5a2410" stroke-opacity=".4" stroke-width="4" fill="none"/>`;
  body += `<ellipse cx="380" cy="332" rx="130" ry="26" fill="#5a2410"/><ellipse cx="380" cy="334" rx="112" ry="20" fill="${defs.radial(
    [
      [0, '#fff2a0'],
      [0.5, '#ff9a2a'],
      [1, '#c23a12'],
    ],
  )}"/>`;
  for (const dx of [-50, 10, 60]) {
    body += `<path d="M${380 + dx} 330L${380 + dx * 1.6 + 30} 200" stroke="#bdb6aa" stroke-width="5" stroke-linecap="round"/><circle cx="${380 + dx * 1.6 + 30}" cy="198" r="6" fill="#8a6a3a"/>`;
  }
  for (let i = 0; i < 3; i++) {
    body += `<path d="M${n(340 + i * 40)} 300c-20-30 20-50 0-80s20-50 0-80" fill="none" stroke="#fff3e0" stroke-opacity=".3" stroke-width="8" stroke-linecap="round"/>`;
  }
  // Fresh naan and a bowl of spices on the counter.
  body += `<g transform="translate(660 500)scale(.9 .5)"><path d="M-88 0C-88-44-20-62 30-50 80-40 96-16 96 0 96 16 80 40 30 50-20 62-88 44-88 0Z" fill="#e2ad62"/></g>`;
  body += `<path d="M60 470A60 22 0 0 0 180 470L172 500Q120 520 68 500Z" fill="#c98f3c"/><ellipse cx="120" cy="470" rx="60" ry="18" fill="${palette.saffron}"/>`;
  body += `<path d="${blobPath(rng, 120, 466, 40, 0.3, 7, 0.35)}" fill="#c8402c"/>`;
  body += `<rect width="800" height="600" fill="${defs.radial([
    [0.55, '#000', 0],
    [1, '#000', 0.5],
  ])}"/>`;
  return { defs, body };
}

export function storyKitchen(): string {
  const { defs, body } = storyKitchenArt();
  return svgDocument(800, 600, '0 0 800 600', defs, body);
}

function storyBranchesArt(): { defs: Defs; body: string } {
  const defs = createDefs();
  let body = `<rect width="800" height="600" fill="${defs.linear(
    [
      [0, '#f6d49a'],
      [0.6, '#fbeedb'],
    ],
    90,
  )}"/><circle cx="560" cy="170" r="70" fill="${palette.saffron}" fill-opacity=".85"/>`;
  // Ninh Binh's limestone karsts, fading into the haze.
  body += `<path d="M0 330C30 200 60 190 80 260S130 150 170 200 230 300 260 250 320 120 360 190 420 320 460 280 540 180 580 250 660 200 700 240 780 160 800 220V400H0Z" fill="#a9b89a"/>`;
  body += `<path d="M0 380C40 300 90 240 120 320S200 220 240 300 300 360 360 330 440 260 480 330 560 300 600 340 700 300 800 330V420H0Z" fill="#7f9a72"/>`;
  // Sa Pa's terraces, stepping down a hill.
  const terraceClip = defs.raw(
    'hill',
    (id) => `<clipPath id="${id}"><path d="M-10 600V360C120 300 260 310 420 390 480 420 520 480 540 600Z"/></clipPath>`,
  );
  let terraces = `<rect y="300" width="560" height="300" fill="#6f8f4e"/>`;
  for (let i = 0; i < 11; i++) {
    const y = 330 + i * 26;
    terraces += `<path d="M-10 ${y}C120 ${y - 50} 260 ${y - 40} 560 ${y + 60}" fill="none" stroke="${i % 2 ? '#9ab86a' : '#b8cf7a'}" stroke-width="12"/>`;
  }
  body += `<g clip-path="url(#${terraceClip})">${terraces}</g>`;
  // Da Nang's coast: sea, sand, a basket boat.
  body += `<path d="M430 420C520 400 640 395 800 400V600H560C520 520 480 460 430 420Z" fill="${defs.linear(
    [
      [0, '#5fa8a4'],
      [1, '#1f5f6a'],
    ],
    90,
  )}"/>`;
  body += `<path d="M560 450q20-8 40 0t40 0M640 490q20-8 40 0t40 0M600 540q20-8 40 0t40 0" fill="none" stroke="#e9f4ee" stroke-opacity=".7" stroke-width="3"/>`;
  body += `<path d="M540 600C520 540 500 500 470 470 560 520 660 560 800 560V600Z" fill="#f0d7a4"/>`;
  body += `<ellipse cx="700" cy="470" rx="34" ry="12" fill="#3a2a1a"/><ellipse cx="700" cy="466" rx="28" ry="8" fill="#8a6a3a"/>`;
  // A lotus in the foreground: the flower the restaurant is named after.
  body += `<g transform="translate(110 520)"><ellipse rx="90" ry="22" fill="#3f6a3a"/>`;
  for (const [a, c] of [
    [-55, '#e89aa8'],
    [55, '#e89aa8'],
    [-25, '#f2b8c2'],
    [25, '#f2b8c2'],
    [0, '#fbd7dc'],
  ] as const) {
    body += `<path d="M0 0C-18-20-14-56 0-72 14-56 18-20 0 0Z" transform="rotate(${a})" fill="${c}" stroke="#c86a7a" stroke-width="1.5"/>`;
  }
  body += `<circle cy="-14" r="8" fill="${palette.saffron}"/></g>`;
  return { defs, body };
}

export function storyBranches(): string {
  const { defs, body } = storyBranchesArt();
  return svgDocument(800, 600, '0 0 800 600', defs, body);
}

/**
 * The picture on each branch's page, 4 : 3: a window onto a scene drawn for the home page (the
 * Hanoi kitchen's tandoor; Ninh Binh's karsts, Sa Pa's terraces and Da Nang's coast from "Our
 * Story"), so every page keeps the same style without a second drawing of each place.
 */
export const branchSceneSlugs = ['hanoi', 'ninh-binh', 'sa-pa', 'da-nang'] as const;

export function branchScene(slug: (typeof branchSceneSlugs)[number]): string {
  if (slug === 'hanoi') {
    const { defs, body } = storyKitchenArt();
    return svgDocument(800, 600, '40 30 720 540', defs, body);
  }
  const { defs, body } = storyBranchesArt();
  const window = { 'ninh-binh': '320 90 400 300', 'sa-pa': '0 300 400 300', 'da-nang': '400 300 400 300' }[slug];
  return svgDocument(800, 600, window, defs, body);
}

/** The page the social-sharing PNG is screenshotted from; `images` are data URIs of the specials. */
export function ogComposition(images: string[]): string {
  const [a, b, c] = images;
  return `<div style="position:relative;width:1200px;height:630px;overflow:hidden;background:${palette.ivory};font-family:'DejaVu Serif','Liberation Serif',serif">
<img src="${a}" style="position:absolute;left:610px;top:-40px;width:640px;height:480px;border-radius:50%;clip-path:circle(42% at 50% 50%)">
<img src="${b}" style="position:absolute;left:820px;top:300px;width:480px;height:360px;clip-path:circle(42% at 50% 50%)">
<img src="${c}" style="position:absolute;left:540px;top:330px;width:400px;height:300px;clip-path:circle(40% at 50% 50%)">
<div style="position:absolute;left:72px;top:150px;width:520px;color:${palette.charcoal}">
<div style="font:600 20px 'DejaVu Sans',sans-serif;letter-spacing:4px;white-space:nowrap;color:${palette.maroon}">BEST INDIAN DISHES IN TOWN</div>
<div style="font-size:84px;line-height:1.05;margin-top:18px;color:${palette.maroon}">Saffron<br>Lotus</div>
<div style="width:96px;height:6px;background:${palette.saffron};margin:30px 0 24px;border-radius:3px"></div>
<div style="font:26px 'DejaVu Sans',sans-serif;line-height:1.4">Indian kitchen in Vietnam<br>Hanoi · Ninh Binh · Sa Pa · Da Nang</div>
</div></div>`;
}
