/**
 * Dish templates seen from above: a surface, a few props, and one vessel with its food. Each menu
 * item is a small recipe of these parts (see menu-art.ts), so the whole menu shares one style while
 * every picture stays a few kilobytes. All drawing happens in a 400×300 space.
 */
import {
  between,
  blobPath,
  cardamomPod,
  chilli,
  chilliRing,
  cinnamon,
  citrusWheel,
  coriander,
  type Defs,
  lemonWedge,
  mint,
  n,
  onionRing,
  palette,
  pick,
  type Rng,
  shadow,
  starAnise,
} from './svg-kit.ts';

export type Surface = 'linen' | 'slate' | 'clay' | 'sage' | 'teak';
export type Prop = 'napkin' | 'spoon' | 'spices' | 'chillies' | 'mint-chutney' | 'tamarind-chutney' | 'herbs' | 'raita';
export type Garnish = 'coriander' | 'chilli' | 'ginger' | 'curry-leaf' | 'seeds' | 'nuts' | 'saffron' | 'onion';

export type Dish =
  | {
      kind: 'curry';
      vessel: 'brass' | 'ceramic' | 'clay' | 'karahi' | 'iron';
      sauce: [light: string, dark: string];
      pieces?: {
        shape: 'chunk' | 'cube' | 'prawn' | 'kofta' | 'fish' | 'pea' | 'bean' | 'floret';
        color: string;
        count: number;
      };
      cream?: boolean;
      /** A dry dish shows its pieces heaped rather than sunk in sauce. */
      dry?: boolean;
      garnish?: Garnish[];
    }
  | {
      kind: 'platter';
      plate: 'ceramic' | 'sizzler' | 'board' | 'leaf';
      item: 'drumstick' | 'tikka' | 'kebab' | 'prawn' | 'samosa' | 'fritter' | 'patty' | 'pakora' | 'cube';
      color: string;
      count: number;
      sides?: ('lemon' | 'onion' | 'chilli' | 'coriander' | 'curry-leaf' | 'drizzle' | 'sev')[];
    }
  | {
      kind: 'rice';
      vessel: 'handi' | 'ceramic';
      saffron: number;
      pieces?: { color: string; count: number };
      extras?: ('egg' | 'onion' | 'mint' | 'cashew' | 'cumin' | 'peas' | 'carrot')[];
    }
  | { kind: 'bread'; bread: 'naan' | 'roti' | 'paratha' | 'cheese'; topping?: 'garlic' | 'butter' }
  | {
      kind: 'dessert';
      dessert: 'jamun' | 'rasmalai' | 'kulfi' | 'halwa';
    }
  | {
      kind: 'drink';
      glass: 'tall' | 'kulhad' | 'coupe' | 'rocks' | 'wine' | 'pint' | 'highball';
      liquid: [light: string, dark: string];
      top?: 'foam' | 'froth' | 'fizz' | 'clear';
      ice?: number;
      garnish?: (
        | 'lime'
        | 'mint'
        | 'orange'
        | 'cinnamon'
        | 'saffron'
        | 'salt-rim'
        | 'lychee'
        | 'straw'
        | 'cumin'
        | 'pistachio'
      )[];
      side?: 'bottle-green' | 'bottle-amber' | 'phin' | 'cork' | 'saucer';
    };

export type DishArt = { surface: Surface; dish: Dish; props?: Prop[] };

const surfaces: Record<Surface, [string, string]> = {
  linen: ['#f7eddc', '#dfc9a6'],
  slate: ['#4a443e', '#23201d'],
  clay: ['#e8c49a', '#c28f5f'],
  sage: ['#dfe3c9', '#aeb891'],
  teak: ['#a9744a', '#6a4127'],
};

const CX = 200;
const CY = 150;

function surface(defs: Defs, kind: Surface): string {
  const [light, dark] = surfaces[kind];
  const fill = defs.radial(
    [
      [0, light],
      [1, dark],
    ],
    0.42,
    0.38,
  );
  const strength = kind === 'slate' || kind === 'teak' ? 0.3 : 0.16;
  const freq = kind === 'teak' ? '0.012 0.5' : '0.85';
  return `<rect width="400" height="300" fill="${fill}"/><rect width="400" height="300" filter="${defs.grain(strength, freq)}"/>`;
}

function props(defs: Defs, rng: Rng, list: Prop[]): string {
  let out = '';
  const corners: [number, number][] = [
    [48, 48],
    [352, 252],
    [352, 48],
    [48, 252],
  ];
  let c = 0;
  const corner = (): [number, number] => corners[c++ % corners.length] as [number, number];
  for (const p of list) {
    const [x, y] = corner();
    if (p === 'napkin') {
      const color = pick(rng, [palette.maroon, palette.saffron, '#3f5a3a']);
      out += `<g transform="translate(${x} ${y})rotate(${Math.round(between(rng, -30, 30))})"><rect x="-70" y="-55" width="140" height="110" rx="6" fill="${color}"/><path d="M-70-38H70M-70-33H70" stroke="${palette.cream}" stroke-opacity=".7" stroke-width="2"/><rect x="-70" y="-55" width="140" height="110" rx="6" fill="${defs.linear(
        [
          [0, '#fff', 0.12],
          [1, '#000', 0.18],
        ],
        60,
      )}"/></g>`;
    } else if (p === 'spoon') {
      const a = Math.round(between(rng, -40, -20));
      out += `<g transform="translate(${x} ${y})rotate(${a})">${shadow(defs, 4, 4, 46, 12, 0.25)}<rect x="-8" y="-3" width="58" height="6" rx="3" fill="${defs.linear(
        [
          [0, '#e9c27a'],
          [1, '#a8742e'],
        ],
        90,
      )}"/><ellipse cx="-22" rx="18" ry="12" fill="${defs.radial([
        [0, '#f3d597'],
        [1, '#a8742e'],
      ])}"/></g>`;
    } else if (p === 'spices') {
      out += starAnise(x - 8, y - 4, between(rng, 0, 90), 1.2);
      out += cardamomPod(x + 20, y + 10, between(rng, 0, 180), 1.1);
      out += cardamomPod(x + 6, y + 22, between(rng, 0, 180), 1.1);
      out += cinnamon(x - 4, y + 30, between(rng, -20, 20));
    } else if (p === 'chillies') {
      out += chilli(x - 18, y - 6, between(rng, -20, 20), 1.1);
      out += chilli(x - 10, y + 14, between(rng, -30, 10), 1, '#3f7d2c');
    } else if (p === 'herbs') {
      for (let i = 0; i < 4; i++)
        out += coriander(x + between(rng, -18, 18), y + between(rng, -16, 16), rng() * 360, 1.3);
    } else {
      const fill =
        // Mint chutney is drawn pale and creamy: a saturated green dot would read as the veg mark.
        p === 'mint-chutney' ? ['#eef4e0', '#bcd69c'] : p === 'raita' ? ['#fbf7ee', '#e6dcc8'] : ['#a0502c', '#5e2a14'];
      out += shadow(defs, x + 3, y + 4, 34);
      out += `<circle cx="${x}" cy="${y}" r="28" fill="${defs.radial([
        [0, '#fffaf2'],
        [1, '#d9ccb6'],
      ])}"/><circle cx="${x}" cy="${y}" r="21" fill="${defs.radial(
        [
          [0, fill[0] as string],
          [1, fill[1] as string],
        ],
        0.4,
        0.35,
      )}"/>`;
      if (p === 'mint-chutney') out += coriander(x - 3, y + 2, 40, 0.9);
      if (p === 'raita')
        out += `${coriander(x + 4, y - 2, 20, 0.8)}<circle cx="${x - 6}" cy="${y + 6}" r="1.5" fill="#a0502c"/>`;
    }
  }
  return out;
}

/** A bowl seen from above; returns the markup and the radius left for its contents. */
function bowl(defs: Defs, vessel: string, cx: number, cy: number, r: number): [string, number] {
  const looks: Record<string, [string, string, string]> = {
    brass: ['#f0c879', '#9b6526', '#7d4f1d'],
    karahi: ['#e7a86a', '#8a4a22', '#6a3418'],
    ceramic: ['#fffdf8', '#ddd0ba', '#cdbfa6'],
    clay: ['#c8764a', '#7c3a1e', '#6a2f18'],
    iron: ['#5a5550', '#1e1b19', '#141210'],
    handi: ['#e59a5e', '#7d3c1a', '#5f2a12'],
  };
  const [light, dark, inner] = looks[vessel] ?? looks.ceramic ?? ['#fff', '#ccc', '#bbb'];
  let out = shadow(defs, cx + 6, cy + 10, r * 1.12);
  if (vessel === 'karahi' || vessel === 'handi') {
    const h = vessel === 'karahi' ? r * 0.22 : r * 0.14;
    out += `<path d="M${n(cx - r - h)} ${n(cy)}a${n(h)} ${n(h)} 0 1 1 ${n(h * 1.4)} 0M${n(cx + r + h)} ${n(cy)}a${n(h)} ${n(h)} 0 1 0 ${n(-h * 1.4)} 0" fill="none" stroke="${dark}" stroke-width="${n(r * 0.07)}"/>`;
  }
  out += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${defs.linear(
    [
      [0, light],
      [1, dark],
    ],
    50,
  )}"/>`;
  if (vessel === 'ceramic') {
    out += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.94)}" fill="none" stroke="${palette.maroon}" stroke-width="1.4" stroke-dasharray="1 5" stroke-linecap="round"/>`;
  }
  const innerR = r * (vessel === 'handi' ? 0.8 : 0.86);
  out += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(innerR + 2)}" fill="${inner}"/>`;
  return [out, innerR];
}

function spiral(cx: number, cy: number, turns: number, step: number, color: string, width: number): string {
  let d = `M${n(cx)} ${n(cy)}`;
  let x = cx;
  let r = step / 2;
  for (let i = 0; i < turns * 2; i++) {
    const dir = i % 2 === 0 ? 1 : -1;
    const nx = x + dir * 2 * r;
    d += `A${n(r)} ${n(r)} 0 0 1 ${n(nx)} ${n(cy)}`;
    x = nx;
    r += step / 2;
  }
  return `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-opacity=".9"/>`;
}

/** Points scattered inside a circle, kept apart a little so pieces do not pile up. */
function scatter(rng: Rng, cx: number, cy: number, r: number, count: number, gap: number): [number, number][] {
  const pts: [number, number][] = [];
  for (let tries = 0; pts.length < count && tries < count * 40; tries++) {
    const a = rng() * Math.PI * 2;
    const d = Math.sqrt(rng()) * r;
    const p: [number, number] = [cx + Math.cos(a) * d, cy + Math.sin(a) * d];
    if (pts.every(([x, y]) => Math.hypot(x - p[0], y - p[1]) > gap)) pts.push(p);
  }
  return pts;
}

/** The same colour, darker: the shaded edge of a piece. */
function darken(color: string, amount = 0.45): string {
  const v = Number.parseInt(color.slice(1), 16);
  // Towards a deep roasted brown rather than black, so pale foods stay warm in the shade.
  const ch = (shift: number, to: number) => Math.round(((v >> shift) & 255) * (1 - amount) + to * amount);
  return `#${((ch(16, 74) << 16) | (ch(8, 26) << 8) | ch(0, 8)).toString(16).padStart(6, '0')}`;
}

function shade(defs: Defs, color: string, dark = darken(color)): string {
  return defs.radial(
    [
      [0, color],
      [1, dark],
    ],
    0.35,
    0.3,
  );
}

function piece(defs: Defs, rng: Rng, shape: string, x: number, y: number, color: string, size = 1): string {
  const rot = Math.round(rng() * 360);
  switch (shape) {
    case 'chunk':
      return `<path d="${blobPath(rng, x, y, 16 * size, 0.35, 6)}" fill="${shade(defs, color)}"/><path d="${blobPath(rng, x + 4, y - 3, 4.5 * size, 0.5, 5)}" fill="#3a1608" fill-opacity=".45"/>`;
    case 'cube':
      return `<rect x="${n(x - 10 * size)}" y="${n(y - 10 * size)}" width="${n(20 * size)}" height="${n(20 * size)}" rx="4" transform="rotate(${rot} ${n(x)} ${n(y)})" fill="${color}" stroke="#e2cda4" stroke-width="1.2"/>`;
    case 'prawn':
      return `<g transform="translate(${n(x)} ${n(y)})rotate(${rot})scale(${n(size * 1.35)})"><path d="M-9 4A10 10 0 1 1 9 4" fill="none" stroke="${color}" stroke-width="8" stroke-linecap="round"/><path d="M-9 -4l-3-3M-4-9l-2-3M3-9l2-3M9-4l3-3" stroke="#fff" stroke-opacity=".55" stroke-width="1.4"/><path d="M9 4l5 4-7 0Z" fill="${color}"/></g>`;
    case 'kofta':
      return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(17 * size)}" fill="${shade(defs, color, '#8a5a22')}"/>`;
    case 'fish':
      return `<path d="${blobPath(rng, x, y, 19 * size, 0.25, 6, 0.7)}" fill="${shade(defs, color, '#c9a56a')}"/>`;
    case 'pea':
      return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(5.8 * size)}" fill="${shade(defs, color, '#9a6226')}"/>`;
    case 'bean':
      return `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(6 * size)}" ry="${n(3.6 * size)}" transform="rotate(${rot} ${n(x)} ${n(y)})" fill="${color}"/>`;
    default:
      // Cauliflower floret with a potato cube beside it (aloo gobi).
      return `<g fill="${color}"><circle cx="${n(x)}" cy="${n(y)}" r="${n(7 * size)}"/><circle cx="${n(x + 7)}" cy="${n(y + 3)}" r="${n(6 * size)}"/><circle cx="${n(x + 2)}" cy="${n(y + 8)}" r="${n(6 * size)}"/></g><rect x="${n(x - 16)}" y="${n(y + 4)}" width="12" height="12" rx="3" fill="#e2b04a" transform="rotate(${rot} ${n(x - 10)} ${n(y + 10)})"/>`;
  }
}

function garnish(rng: Rng, kinds: Garnish[], cx: number, cy: number, r: number): string {
  let out = '';
  for (const g of kinds) {
    if (g === 'coriander') {
      for (const [x, y] of scatter(rng, cx, cy, r * 0.8, 5, 14)) out += coriander(x, y, rng() * 360, 0.9);
    } else if (g === 'chilli') {
      for (const [x, y] of scatter(rng, cx, cy, r * 0.75, 4, 10))
        out += chilliRing(x, y, 3, pick(rng, [palette.tomato, '#3f7d2c']));
    } else if (g === 'ginger') {
      let d = '';
      for (const [x, y] of scatter(rng, cx, cy, r * 0.5, 7, 6)) {
        const a = rng() * Math.PI;
        d += `M${n(x)} ${n(y)}l${n(Math.cos(a) * 9)} ${n(Math.sin(a) * 9)}`;
      }
      out += `<path d="${d}" stroke="#f3dc9a" stroke-width="2" stroke-linecap="round"/>`;
    } else if (g === 'curry-leaf') {
      for (const [x, y] of scatter(rng, cx, cy, r * 0.8, 5, 12)) {
        out += `<ellipse cx="${n(x)}" cy="${n(y)}" rx="8" ry="3.2" transform="rotate(${Math.round(rng() * 180)} ${n(x)} ${n(y)})" fill="#2f5a22"/>`;
      }
    } else if (g === 'seeds') {
      let d = '';
      for (const [x, y] of scatter(rng, cx, cy, r * 0.85, 26, 4)) d += `M${n(x)} ${n(y)}h2.2`;
      out += `<path d="${d}" stroke="#3a2414" stroke-width="1.6" stroke-linecap="round"/>`;
    } else if (g === 'nuts') {
      for (const [x, y] of scatter(rng, cx, cy, r * 0.6, 5, 10)) {
        out += `<path d="M${n(x - 5)} ${n(y)}q5-7 10 0q-5 3-10 0Z" fill="#e9cf9c" stroke="#c9a66a" stroke-width=".8"/>`;
      }
      for (const [x, y] of scatter(rng, cx, cy, r * 0.6, 6, 6)) {
        out += `<rect x="${n(x)}" y="${n(y)}" width="4" height="2.4" rx="1" fill="#8db45a"/>`;
      }
    } else if (g === 'saffron') {
      let d = '';
      for (const [x, y] of scatter(rng, cx, cy, r * 0.5, 9, 5)) {
        const a = rng() * Math.PI;
        d += `M${n(x)} ${n(y)}l${n(Math.cos(a) * 6)} ${n(Math.sin(a) * 6)}`;
      }
      out += `<path d="${d}" stroke="#c2410c" stroke-width="1.1" stroke-linecap="round"/>`;
    } else {
      for (const [x, y] of scatter(rng, cx, cy, r * 0.7, 3, 20)) out += onionRing(x, y, 12, rng() * 180);
    }
  }
  return out;
}

function curry(defs: Defs, rng: Rng, d: Extract<Dish, { kind: 'curry' }>): string {
  const [vessel, r] = bowl(defs, d.vessel, CX, CY, 112);
  const [light, dark] = d.sauce;
  let out = vessel;
  out += `<circle cx="${CX}" cy="${CY}" r="${n(r)}" fill="${defs.radial(
    [
      [0, light],
      [0.75, dark],
      [1, '#3a1a0c'],
    ],
    0.38,
    0.32,
  )}"/>`;
  out += `<circle cx="${CX}" cy="${CY}" r="${n(r)}" filter="${defs.grain(0.22, '1.3')}"/>`;
  if (!d.dry) {
    // Ghee pooling at the edge: what makes a curry look rich from above.
    for (const [x, y] of scatter(rng, CX, CY, r * 0.92, 9, 14)) {
      if (Math.hypot(x - CX, y - CY) > r * 0.6) {
        out += `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(between(rng, 2.5, 6))}" ry="${n(between(rng, 1.6, 3.5))}" fill="#ffd27a" fill-opacity=".5"/>`;
      }
    }
  }
  if (d.pieces) {
    const gap = d.pieces.shape === 'pea' || d.pieces.shape === 'bean' ? 11 : 32;
    for (const [x, y] of scatter(rng, CX, CY, r * 0.72, d.pieces.count, gap)) {
      out += piece(defs, rng, d.pieces.shape, x, y, d.pieces.color);
    }
  }
  if (d.cream) out += spiral(CX + between(rng, -20, 10), CY + between(rng, -12, 6), 2, 10, '#fff6e4', 3.4);
  if (d.garnish) out += garnish(rng, d.garnish, CX, CY, r);
  return out;
}

function platter(defs: Defs, rng: Rng, d: Extract<Dish, { kind: 'platter' }>): string {
  let out = '';
  let inner = 118;
  if (d.plate === 'sizzler') {
    out += shadow(defs, CX + 6, CY + 10, 176, 118);
    out += `<ellipse cx="${CX}" cy="${CY}" rx="168" ry="112" fill="${defs.linear(
      [
        [0, '#b27a4a'],
        [1, '#5c3518'],
      ],
      70,
    )}"/><ellipse cx="${CX}" cy="${CY}" rx="150" ry="98" fill="${defs.radial([
      [0, '#3a3532'],
      [1, '#161412'],
    ])}"/>`;
    inner = 120;
  } else if (d.plate === 'board') {
    out += shadow(defs, CX + 6, CY + 10, 136);
    out += `<circle cx="${CX}" cy="${CY}" r="128" fill="${defs.linear(
      [
        [0, '#c99466'],
        [1, '#7a4a26'],
      ],
      40,
    )}"/><circle cx="${CX}" cy="${CY}" r="128" filter="${defs.grain(0.25, '0.02 0.4')}"/>`;
  } else {
    out += shadow(defs, CX + 6, CY + 10, 136);
    out += `<circle cx="${CX}" cy="${CY}" r="128" fill="${defs.linear(
      [
        [0, '#fffdf8'],
        [1, '#d8cab2'],
      ],
      50,
    )}"/><circle cx="${CX}" cy="${CY}" r="104" fill="#f4ecdd"/>`;
    if (d.plate === 'leaf') {
      out += `<path d="M${CX - 112} ${CY + 40}C${CX - 80} ${CY - 110} ${CX + 60} ${CY - 110} ${CX + 112} ${CY - 40}C${CX + 80} ${CY + 110} ${CX - 60} ${CY + 110} ${CX - 112} ${CY + 40}Z" fill="${defs.linear(
        [
          [0, '#6fa14a'],
          [1, '#2f6a26'],
        ],
        30,
      )}"/><path d="M${CX - 104} ${CY + 36}L${CX + 104} ${CY - 36}" stroke="#a6cf7a" stroke-width="2"/>`;
    }
    inner = 92;
  }
  const sides = d.sides ?? [];
  if (sides.includes('onion')) out += garnish(rng, ['onion'], CX, CY, inner);
  const rr = d.plate === 'sizzler' ? inner * 0.6 : inner * 0.55;
  const pts =
    d.item === 'kebab' || d.item === 'tikka'
      ? []
      : scatter(
          rng,
          CX - 6,
          CY,
          rr,
          d.count,
          d.item === 'cube' ? 30 : d.item === 'prawn' ? 36 : d.item === 'samosa' ? 44 : 58,
        );
  const fill = shade(defs, d.color);
  for (const [x, y] of pts) {
    const rot = Math.round(rng() * 360);
    if (d.item === 'drumstick') {
      out += `<g transform="translate(${n(x)} ${n(y)})rotate(${rot})scale(1.45)"><path d="M-24 0C-24-14-6-17 6-8L20-4C26-4 26 4 20 4L6 8C-6 17-24 14-24 0Z" fill="${fill}"/><circle cx="23" cy="-3" r="4" fill="#f3e6cc"/><circle cx="23" cy="3" r="4" fill="#f3e6cc"/><path d="${blobPath(rng, -12, -2, 5, 0.6, 5)}" fill="#2a0d05" fill-opacity=".45"/></g>`;
    } else if (d.item === 'samosa') {
      out += `<g transform="translate(${n(x)} ${n(y)})rotate(${rot})scale(1.5)"><path d="M0-26L24 16Q0 24-24 16Z" fill="${fill}" stroke="#a8641f" stroke-width="2" stroke-linejoin="round"/><path d="M0-20L4 10" stroke="#fff3c8" stroke-opacity=".5" stroke-width="2"/></g>`;
    } else if (d.item === 'fritter' || d.item === 'pakora') {
      out += `<path d="${blobPath(rng, x, y, d.item === 'pakora' ? 26 : 28, 0.45, 9, d.item === 'pakora' ? 0.6 : 1)}" fill="${fill}"/>`;
      let strands = '';
      for (let i = 0; i < 5; i++) {
        const a = rng() * Math.PI * 2;
        strands += `M${n(x + Math.cos(a) * 10)} ${n(y + Math.sin(a) * 8)}q${n(between(rng, -8, 8))} ${n(between(rng, -8, 8))} ${n(between(rng, -10, 10))} ${n(between(rng, -6, 6))}`;
      }
      out += `<path d="${strands}" fill="none" stroke="#f6c66a" stroke-opacity=".7" stroke-width="2" stroke-linecap="round"/>`;
    } else if (d.item === 'patty') {
      out += `<circle cx="${n(x)}" cy="${n(y)}" r="32" fill="${fill}"/>`;
    } else if (d.item === 'prawn') {
      out += piece(defs, rng, 'prawn', x, y, d.color, 1.5);
    } else if (d.item === 'cube') {
      out += piece(defs, rng, 'chunk', x, y, d.color, 1.15);
    }
  }
  if (d.item === 'kebab' || d.item === 'tikka') {
    for (let i = 0; i < d.count; i++) {
      const y = CY - ((d.count - 1) * 30) / 2 + i * 30 + between(rng, -4, 4);
      const tilt = between(rng, -8, 8);
      out += `<g transform="rotate(${n(tilt)} ${CX} ${n(y)})"><path d="M${CX - 120} ${n(y)}H${CX + 110}" stroke="#b8b2a8" stroke-width="2.4"/><circle cx="${CX + 112}" cy="${n(y)}" r="4" fill="#8a6a3a"/>`;
      if (d.item === 'kebab') {
        out += `<rect x="${CX - 82}" y="${n(y - 10)}" width="164" height="20" rx="10" fill="${fill}"/><path d="M${CX - 60} ${n(y - 9)}v18M${CX - 30} ${n(y - 9)}v18M${CX} ${n(y - 9)}v18M${CX + 30} ${n(y - 9)}v18M${CX + 60} ${n(y - 9)}v18" stroke="#2a0d05" stroke-opacity=".45" stroke-width="4"/>`;
      } else {
        for (let k = 0; k < 4; k++) {
          const x = CX - 66 + k * 42;
          out +=
            k % 2 && d.color.startsWith('#f')
              ? piece(defs, rng, 'cube', x, y, d.color, 1.15)
              : piece(defs, rng, 'chunk', x, y, d.color, 1.1);
          if (k < 3) {
            out += `<rect x="${n(x + 13)}" y="${n(y - 7)}" width="14" height="14" rx="3" fill="${k % 2 ? '#e2b04a' : '#7a9a3a'}"/>`;
          }
        }
      }
      out += '</g>';
    }
  }
  for (const s of sides) {
    if (s === 'lemon') {
      out += lemonWedge(CX + rr + 8, CY + 30, -30, 1.3) + lemonWedge(CX - rr - 4, CY - 36, 150, 1.2);
    } else if (s === 'chilli') {
      out += chilli(CX + 40, CY - rr - 4, -20, 1.1) + chilli(CX - 70, CY + rr - 6, 160, 1, '#3f7d2c');
    } else if (s === 'coriander' || s === 'curry-leaf') {
      out += garnish(rng, [s], CX, CY, rr + 10);
    } else if (s === 'drizzle') {
      for (const [x, y] of pts) {
        out += `<path d="M${n(x - 16)} ${n(y - 6)}q4 8 8 0t8 0t8 0t8 0" fill="none" stroke="#fff8ea" stroke-width="3.4" stroke-linecap="round"/><path d="M${n(x - 14)} ${n(y + 6)}q4-6 7 0t7 0t7 0t7 0" fill="none" stroke="#6a2a12" stroke-width="2.4" stroke-linecap="round"/>`;
      }
    } else if (s === 'sev') {
      let sev = '';
      for (const [x, y] of scatter(rng, CX, CY, rr + 10, 40, 4)) {
        const a = rng() * Math.PI;
        sev += `M${n(x)} ${n(y)}l${n(Math.cos(a) * 5)} ${n(Math.sin(a) * 5)}`;
      }
      out += `<path d="${sev}" stroke="#f2c14e" stroke-width="1.6" stroke-linecap="round"/>`;
      for (const [x, y] of scatter(rng, CX, CY, rr, 8, 10))
        out += `<circle cx="${n(x)}" cy="${n(y)}" r="2.6" fill="#b0173a"/>`;
    }
  }
  return out;
}

function riceGrains(defs: Defs): string {
  const id = defs.raw(
    'rice',
    (pid) =>
      `<pattern id="${pid}" width="22" height="22" patternUnits="userSpaceOnUse"><g fill="#fffbf1" stroke="#d9c9a6" stroke-width=".5"><ellipse cx="5" cy="4" rx="4.4" ry="1.3" transform="rotate(25 5 4)"/><ellipse cx="15" cy="6" rx="4.4" ry="1.3" transform="rotate(-40 15 6)"/><ellipse cx="9" cy="13" rx="4.4" ry="1.3" transform="rotate(80 9 13)"/><ellipse cx="18" cy="16" rx="4.4" ry="1.3" transform="rotate(10 18 16)"/><ellipse cx="4" cy="19" rx="4.4" ry="1.3" transform="rotate(-15 4 19)"/><ellipse cx="13" cy="20" rx="4.4" ry="1.3" transform="rotate(55 13 20)"/></g></pattern>`,
  );
  return `url(#${id})`;
}

function rice(defs: Defs, rng: Rng, d: Extract<Dish, { kind: 'rice' }>): string {
  const [vessel, r] = bowl(defs, d.vessel, CX, CY, 116);
  let out = vessel;
  out += `<circle cx="${CX}" cy="${CY}" r="${n(r)}" fill="#efe2c4"/><circle cx="${CX}" cy="${CY}" r="${n(r)}" fill="${riceGrains(defs)}"/>`;
  for (let i = 0; i < d.saffron; i++) {
    const [x, y] = scatter(rng, CX, CY, r * 0.55, 1, 0)[0] ?? [CX, CY];
    out += `<path d="${blobPath(rng, x, y, between(rng, 18, 34), 0.5, 7)}" fill="${pick(rng, ['#e8a526', '#d9731c', '#f2c23a'])}" fill-opacity=".55"/>`;
  }
  out += `<circle cx="${CX}" cy="${CY}" r="${n(r)}" fill="${defs.radial([
    [0.6, '#000', 0],
    [1, '#3a1a08', 0.35],
  ])}"/>`;
  if (d.pieces) {
    for (const [x, y] of scatter(rng, CX, CY, r * 0.6, d.pieces.count, 30))
      out += piece(defs, rng, 'chunk', x, y, d.pieces.color, 1.1);
  }
  for (const e of d.extras ?? []) {
    if (e === 'egg') {
      for (const [x, y] of scatter(rng, CX + 10, CY + 10, r * 0.45, 2, 40)) {
        out += `<ellipse cx="${n(x)}" cy="${n(y)}" rx="15" ry="11" fill="#fffdf6" stroke="#e8dcc2"/><circle cx="${n(x + 1)}" cy="${n(y)}" r="6.5" fill="#f2b620"/>`;
      }
    } else if (e === 'onion') {
      let d2 = '';
      for (const [x, y] of scatter(rng, CX, CY, r * 0.75, 16, 9)) d2 += `M${n(x)} ${n(y)}q4-5 9-1`;
      out += `<path d="${d2}" fill="none" stroke="#7a3c14" stroke-width="2.6" stroke-linecap="round"/>`;
    } else if (e === 'mint') {
      for (const [x, y] of scatter(rng, CX, CY, r * 0.7, 4, 24)) out += mint(x, y, rng() * 360, 0.9);
    } else if (e === 'cashew') {
      out += garnish(rng, ['nuts'], CX, CY, r);
    } else if (e === 'cumin') {
      out += garnish(rng, ['seeds'], CX, CY, r);
    } else if (e === 'peas' || e === 'carrot') {
      for (const [x, y] of scatter(rng, CX, CY, r * 0.75, 10, 10)) {
        out +=
          e === 'peas'
            ? `<circle cx="${n(x)}" cy="${n(y)}" r="4" fill="#7fb24a"/>`
            : `<rect x="${n(x)}" y="${n(y)}" width="7" height="7" rx="1.5" fill="#e2702a"/>`;
      }
    }
  }
  return out;
}

function naanShape(defs: Defs, rng: Rng, x: number, y: number, rot: number, scale: number): string {
  let spots = '';
  for (const [sx, sy] of scatter(rng, 0, 0, 50, 12, 11)) {
    spots += `<path d="${blobPath(rng, sx * 1.3, sy * 0.8, between(rng, 2.5, 6), 0.5, 5)}"/>`;
  }
  return `<g transform="translate(${n(x)} ${n(y)})rotate(${Math.round(rot)})scale(${n(scale)})"><path d="M-88 0C-88-44-20-62 30-50 80-40 96-16 96 0 96 16 80 40 30 50-20 62-88 44-88 0Z" fill="${defs.radial(
    [
      [0, '#f7d99a'],
      [0.8, '#dba35a'],
      [1, '#b06f2a'],
    ],
    0.4,
    0.4,
  )}"/><g fill="#5a2a0e" fill-opacity=".55">${spots}</g></g>`;
}

function bread(defs: Defs, rng: Rng, d: Extract<Dish, { kind: 'bread' }>): string {
  let out = shadow(defs, CX + 6, CY + 10, 150, 118);
  // A woven basket lined with a cloth, the way breads reach the table.
  out += `<ellipse cx="${CX}" cy="${CY}" rx="150" ry="116" fill="${defs.linear(
    [
      [0, '#d9a866'],
      [1, '#8a5a2a'],
    ],
    60,
  )}"/><ellipse cx="${CX}" cy="${CY}" rx="150" ry="116" fill="none" stroke="#6a4018" stroke-width="6" stroke-dasharray="3 5"/><path d="M${CX - 120} ${CY - 70}L${CX + 130} ${CY - 40}L${CX + 110} ${CY + 90}L${CX - 130} ${CY + 60}Z" fill="${palette.maroon}"/><path d="M${CX - 116} ${CY - 58}L${CX + 128} ${CY - 28}" stroke="${palette.cream}" stroke-opacity=".7" stroke-width="2"/>`;
  if (d.bread === 'naan') {
    out += naanShape(defs, rng, CX - 8, CY - 6, -12, 1.15);
    if (d.topping === 'garlic') {
      for (const [x, y] of scatter(rng, CX, CY - 6, 56, 20, 8)) {
        out += `<rect x="${n(x)}" y="${n(y)}" width="4" height="3" rx="1" fill="#fff4d6"/>`;
      }
      out += garnish(rng, ['coriander'], CX - 8, CY - 6, 66);
    } else {
      out += `<ellipse cx="${CX - 20}" cy="${CY - 22}" rx="46" ry="20" fill="#fff2c0" fill-opacity=".35" transform="rotate(-14 ${CX - 20} ${CY - 22})"/>`;
    }
  } else if (d.bread === 'cheese') {
    // Cut into wedges so the molten cheese shows.
    const r = 86;
    out += `<circle cx="${CX}" cy="${CY}" r="${r}" fill="${defs.radial([
      [0, '#f7d99a'],
      [0.85, '#d9a058'],
      [1, '#a8682a'],
    ])}"/>`;
    let cuts = '';
    for (let i = 0; i < 4; i++) {
      const a = (i / 4) * Math.PI * 2 + 0.4;
      cuts += `M${CX} ${CY}L${n(CX + Math.cos(a) * r)} ${n(CY + Math.sin(a) * r)}`;
    }
    out += `<path d="${cuts}" stroke="#ffe27a" stroke-width="7" stroke-linecap="round"/>`;
    for (const [x, y] of scatter(rng, CX, CY, r * 0.85, 12, 16)) {
      out += `<path d="${blobPath(rng, x, y, between(rng, 3, 6), 0.5, 5)}" fill="#5a2a0e" fill-opacity=".5"/>`;
    }
    out += garnish(rng, ['chilli'], CX, CY, r);
  } else if (d.bread === 'paratha') {
    out += `<circle cx="${CX}" cy="${CY}" r="88" fill="${defs.radial([
      [0, '#f0c87a'],
      [1, '#b4762e'],
    ])}"/>${spiral(CX, CY, 4, 20, '#8a4e1a', 2.4)}`;
    for (const [x, y] of scatter(rng, CX, CY, 76, 10, 18)) {
      out += `<path d="${blobPath(rng, x, y, between(rng, 3, 7), 0.5, 5)}" fill="#fff0c4" fill-opacity=".6"/>`;
    }
  } else {
    for (const [dx, dy] of [
      [-26, -14],
      [24, 12],
    ] as const) {
      out += `<circle cx="${CX + dx}" cy="${CY + dy}" r="80" fill="${defs.radial([
        [0, '#e2b27a'],
        [1, '#9a6230'],
      ])}" stroke="#8a5224" stroke-width="1.5"/>`;
    }
    for (const [x, y] of scatter(rng, CX + 24, CY + 12, 66, 14, 14)) {
      out += `<path d="${blobPath(rng, x, y, between(rng, 2.5, 6), 0.5, 5)}" fill="#3a1a08" fill-opacity=".55"/>`;
    }
  }
  return out;
}

function dessert(defs: Defs, rng: Rng, d: Extract<Dish, { kind: 'dessert' }>): string {
  if (d.dessert === 'kulfi') {
    let out = shadow(defs, CX + 6, CY + 10, 136);
    out += `<circle cx="${CX}" cy="${CY}" r="128" fill="${defs.linear(
      [
        [0, '#fffdf8'],
        [1, '#d8cab2'],
      ],
      50,
    )}"/><circle cx="${CX}" cy="${CY}" r="104" fill="#f4ecdd"/>`;
    for (const [dx, rot] of [
      [-34, -70],
      [34, -110],
    ] as const) {
      out += `<g transform="translate(${CX + dx} ${CY + 6})rotate(${rot})"><rect x="40" y="-4" width="46" height="8" rx="3" fill="#e2c48e"/><path d="M-60 0C-60-16-40-24 0-24 30-24 44-14 44 0 44 14 30 24 0 24-40 24-60 16-60 0Z" fill="${defs.radial(
        [
          [0, '#ffd36a'],
          [1, '#e89a2a'],
        ],
        0.4,
        0.4,
      )}"/></g>`;
    }
    out += garnish(rng, ['nuts', 'saffron'], CX, CY, 70);
    for (const [x, y] of scatter(rng, CX, CY + 70, 24, 4, 12)) {
      out += `<rect x="${n(x)}" y="${n(y)}" width="11" height="11" rx="2.5" fill="#f3a71f" transform="rotate(${Math.round(rng() * 90)} ${n(x)} ${n(y)})"/>`;
    }
    return out;
  }
  const [vessel, r] = bowl(defs, d.dessert === 'halwa' ? 'ceramic' : 'brass', CX, CY, 108);
  let out = vessel;
  if (d.dessert === 'jamun') {
    out += `<circle cx="${CX}" cy="${CY}" r="${n(r)}" fill="${defs.radial([
      [0, '#e9a54a'],
      [1, '#9a4f14'],
    ])}"/>`;
    for (const [x, y] of scatter(rng, CX, CY, r * 0.45, 3, 50)) {
      out += `<circle cx="${n(x)}" cy="${n(y)}" r="25" fill="${defs.radial(
        [
          [0, '#9a4a1c'],
          [1, '#3e160a'],
        ],
        0.35,
        0.3,
      )}"/><ellipse cx="${n(x - 8)}" cy="${n(y - 9)}" rx="7" ry="4" fill="#fff" fill-opacity=".35" transform="rotate(-35 ${n(x - 8)} ${n(y - 9)})"/>`;
    }
    out += garnish(rng, ['nuts'], CX, CY, r * 0.9);
  } else if (d.dessert === 'rasmalai') {
    out += `<circle cx="${CX}" cy="${CY}" r="${n(r)}" fill="${defs.radial([
      [0, '#fff4cf'],
      [1, '#f0cf78'],
    ])}"/>`;
    for (const [x, y] of scatter(rng, CX, CY, r * 0.45, 3, 52)) {
      out += `<ellipse cx="${n(x)}" cy="${n(y)}" rx="27" ry="25" fill="${defs.radial([
        [0, '#fffefa'],
        [1, '#eadcbc'],
      ])}"/>`;
    }
    out += garnish(rng, ['saffron', 'nuts'], CX, CY, r * 0.9);
  } else {
    out += `<path d="${blobPath(rng, CX, CY, r * 0.92, 0.12, 9)}" fill="${defs.radial([
      [0, '#e8743a'],
      [1, '#a43a16'],
    ])}"/><circle cx="${CX}" cy="${CY}" r="${n(r * 0.9)}" filter="${defs.grain(0.35, '1.6')}"/>`;
    let strands = '';
    for (const [x, y] of scatter(rng, CX, CY, r * 0.8, 40, 6)) {
      const a = rng() * Math.PI;
      strands += `M${n(x)} ${n(y)}l${n(Math.cos(a) * 7)} ${n(Math.sin(a) * 7)}`;
    }
    out += `<path d="${strands}" stroke="#f59a5a" stroke-width="2" stroke-linecap="round"/>`;
    out += `<path d="${blobPath(rng, CX + 22, CY - 14, 34, 0.2, 8)}" fill="${defs.radial([
      [0, '#fffef8'],
      [1, '#eee2c6'],
    ])}"/>`;
    out += garnish(rng, ['nuts'], CX - 20, CY + 20, 50);
  }
  return out;
}

function drink(defs: Defs, rng: Rng, d: Extract<Dish, { kind: 'drink' }>): string {
  const size: Record<string, number> = { tall: 78, kulhad: 74, coupe: 92, rocks: 84, wine: 88, pint: 84, highball: 74 };
  const r = size[d.glass] ?? 80;
  const cx = d.side ? CX - 30 : CX;
  const cy = CY;
  let out = '';
  if (d.side === 'saucer') {
    out += shadow(defs, cx + 6, cy + 10, r + 40);
    out += `<circle cx="${cx}" cy="${cy}" r="${r + 30}" fill="${defs.linear(
      [
        [0, '#fffdf8'],
        [1, '#d8cab2'],
      ],
      50,
    )}"/>`;
  } else {
    // A woven coaster under the glass.
    out += `<circle cx="${cx + 4}" cy="${cy + 6}" r="${r + 26}" fill="#1a0f08" fill-opacity=".25"/><circle cx="${cx}" cy="${cy}" r="${r + 22}" fill="#b98a4e"/><circle cx="${cx}" cy="${cy}" r="${r + 16}" fill="none" stroke="#8a5f2e" stroke-width="3" stroke-dasharray="2 4"/>`;
  }
  if (d.glass === 'kulhad') {
    out += `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${defs.linear(
      [
        [0, '#d9855a'],
        [1, '#8a3e1e'],
      ],
      50,
    )}"/>`;
  } else {
    out += `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" fill-opacity=".28" stroke="#fff" stroke-opacity=".75" stroke-width="2.5"/>`;
  }
  const lr = r * (d.glass === 'wine' ? 0.7 : d.glass === 'kulhad' ? 0.82 : 0.88);
  const [light, dark] = d.liquid;
  out += `<circle cx="${cx}" cy="${cy}" r="${n(lr)}" fill="${defs.radial(
    [
      [0, light],
      [1, dark],
    ],
    0.4,
    0.4,
  )}"/>`;
  if (d.garnish?.includes('salt-rim')) {
    out += `<circle cx="${cx}" cy="${cy}" r="${n(r - 2)}" fill="none" stroke="#fbf6ee" stroke-width="6" stroke-dasharray="2 2.5"/><circle cx="${cx}" cy="${cy}" r="${n(r - 2)}" fill="none" stroke="${palette.tomato}" stroke-width="3" stroke-dasharray="1.5 9"/>`;
  }
  if (d.top === 'foam') {
    out += `<circle cx="${cx}" cy="${cy}" r="${n(lr * 0.92)}" fill="${defs.radial([
      [0, '#fffdf5'],
      [1, '#efe3c8'],
    ])}"/>`;
    for (const [x, y] of scatter(rng, cx, cy, lr * 0.8, 14, 10)) {
      out += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(between(rng, 1.5, 3.5))}" fill="none" stroke="#e2d2ae" stroke-width=".8"/>`;
    }
  } else if (d.top === 'froth') {
    out += spiral(cx, cy, 2, 12, '#f7ead2', 4);
  } else if (d.top === 'fizz') {
    for (const [x, y] of scatter(rng, cx, cy, lr * 0.9, 24, 6)) {
      out += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(between(rng, 0.8, 2.2))}" fill="#fff" fill-opacity=".8"/>`;
    }
  }
  for (const [x, y] of scatter(rng, cx, cy, lr * 0.5, d.ice ?? 0, 30)) {
    const s = d.glass === 'rocks' && d.ice === 1 ? 44 : 22;
    out += `<rect x="${n(x - s / 2)}" y="${n(y - s / 2)}" width="${s}" height="${s}" rx="${n(s / 5)}" transform="rotate(${Math.round(rng() * 90)} ${n(x)} ${n(y)})" fill="#fff" fill-opacity=".35" stroke="#fff" stroke-opacity=".8" stroke-width="1.5"/>`;
  }
  for (const g of d.garnish ?? []) {
    if (g === 'lime') out += citrusWheel(cx + lr * 0.45, cy - lr * 0.35, 20, '#5f9a2a', '#d6ea8a');
    else if (g === 'orange') {
      out += `<path d="M${n(cx - 30)} ${n(cy + 10)}c10-22 40-22 56-6" fill="none" stroke="#e8861e" stroke-width="8" stroke-linecap="round"/>`;
    } else if (g === 'mint') {
      for (const [x, y] of scatter(rng, cx, cy, lr * 0.6, 4, 18)) out += mint(x, y, rng() * 360, 1.1);
    } else if (g === 'lychee') {
      for (const [x, y] of scatter(rng, cx, cy, lr * 0.5, 2, 30)) {
        out += `<circle cx="${n(x)}" cy="${n(y)}" r="11" fill="${defs.radial([
          [0, '#fffdf8'],
          [1, '#e7dcc6'],
        ])}"/>`;
      }
    } else if (g === 'saffron' || g === 'pistachio') {
      out += garnish(rng, [g === 'saffron' ? 'saffron' : 'nuts'], cx, cy, lr * 0.8);
    } else if (g === 'cumin') {
      out += garnish(rng, ['seeds'], cx, cy, lr * 0.5);
    } else if (g === 'cinnamon') {
      out += cinnamon(cx + r + 40, cy + 60, -60, 1.2) + starAnise(cx + r + 44, cy - 50, 20, 1.4);
    } else if (g === 'straw') {
      const a = between(rng, -0.9, -0.5);
      const x2 = cx + Math.cos(a) * (r + 60);
      const y2 = cy + Math.sin(a) * (r + 60);
      out += `<path d="M${n(cx + 6)} ${n(cy + 4)}L${n(x2)} ${n(y2)}" stroke="${palette.maroon}" stroke-width="8" stroke-linecap="round"/><path d="M${n(cx + 6)} ${n(cy + 4)}L${n(x2)} ${n(y2)}" stroke="${palette.ivory}" stroke-width="8" stroke-dasharray="6 6"/>`;
    }
  }
  // The glint that makes a circle read as glass.
  out += `<path d="M${n(cx - r * 0.72)} ${n(cy - r * 0.3)}A${n(r * 0.78)} ${n(r * 0.78)} 0 0 1 ${n(cx - r * 0.2)} ${n(cy - r * 0.74)}" fill="none" stroke="#fff" stroke-opacity=".6" stroke-width="3" stroke-linecap="round"/>`;
  if (d.side === 'bottle-green' || d.side === 'bottle-amber') {
    const bx = CX + 118;
    const by = CY - 40;
    const glass = d.side === 'bottle-green' ? ['#4f8a4a', '#1f4a22'] : ['#b8782a', '#5a320e'];
    out += shadow(defs, bx + 6, by + 8, 52);
    out += `<circle cx="${bx}" cy="${by}" r="44" fill="${defs.radial(
      [
        [0, glass[0] as string],
        [1, glass[1] as string],
      ],
      0.35,
      0.35,
    )}"/><circle cx="${bx}" cy="${by}" r="20" fill="${glass[1]}" stroke="#fff" stroke-opacity=".3"/><circle cx="${bx}" cy="${by}" r="14" fill="#d9d2c4" stroke="#a89f90" stroke-width="3" stroke-dasharray="2 2"/>`;
  } else if (d.side === 'phin') {
    const bx = CX + 122;
    const by = CY + 50;
    out += `${shadow(defs, bx + 5, by + 8, 50)}<circle cx="${bx}" cy="${by}" r="44" fill="${defs.linear(
      [
        [0, '#e8e4dc'],
        [1, '#8a8478'],
      ],
      50,
    )}"/><circle cx="${bx}" cy="${by}" r="30" fill="#b8b2a6"/><circle cx="${bx}" cy="${by}" r="8" fill="#6a645a"/>`;
    out += cardamomPod(CX + 110, CY - 70, 30, 1.4) + cardamomPod(CX + 134, CY - 56, -20, 1.4);
  } else if (d.side === 'cork') {
    out += `<g transform="translate(${CX + 120} ${CY + 70})rotate(-30)"><rect x="-22" y="-11" width="44" height="22" rx="4" fill="#c8995e"/><ellipse cx="-22" rx="4" ry="11" fill="#7a1f2b"/></g>`;
    for (const [x, y] of [
      [CX + 110, CY - 80],
      [CX + 126, CY - 66],
      [CX + 104, CY - 60],
    ] as const) {
      out += `<circle cx="${x}" cy="${y}" r="11" fill="${defs.radial([
        [0, '#8a3a5a'],
        [1, '#3e1024'],
      ])}"/>`;
    }
  }
  return out;
}

/** The vessel and its food alone, centred on (200, 150): scenes place it on their own table. */
export function drawFood(defs: Defs, rng: Rng, d: Dish): string {
  if (d.kind === 'curry') return curry(defs, rng, d);
  if (d.kind === 'platter') return platter(defs, rng, d);
  if (d.kind === 'rice') return rice(defs, rng, d);
  if (d.kind === 'bread') return bread(defs, rng, d);
  if (d.kind === 'dessert') return dessert(defs, rng, d);
  return drink(defs, rng, d);
}

export function drawDish(defs: Defs, rng: Rng, art: DishArt): string {
  return surface(defs, art.surface) + props(defs, rng, art.props ?? []) + drawFood(defs, rng, art.dish);
}
