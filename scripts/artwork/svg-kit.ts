/**
 * Small building blocks for the generated artwork: a seeded random source (so every run writes
 * the same files), a per-file gradient/filter collector, and shapes drawn from above (leaves,
 * chillies, spices) that every dish template shares so the set keeps one style.
 */

export const palette = {
  ivory: '#fbf6ee',
  cream: '#f3e6cc',
  charcoal: '#22201d',
  saffron: '#e3a018',
  maroon: '#7a1f2b',
  cardamom: '#6f8f4e',
  leaf: '#4f7f35',
  turmeric: '#d99a1e',
  tomato: '#c8402c',
  brass: '#c98f3c',
};

export type Rng = () => number;

/** mulberry32 seeded by a string hash: deterministic, so re-running the generator changes nothing. */
export function seeded(seed: string): Rng {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const between = (rng: Rng, lo: number, hi: number): number => lo + (hi - lo) * rng();
export const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;

/** One decimal is plenty at these sizes and keeps files small. */
export const n = (v: number): string => String(Math.round(v * 10) / 10);

type Stop = [offset: number, color: string, opacity?: number];

/** Collects gradients and filters used by one SVG file; identical definitions are shared. */
export function createDefs() {
  const entries = new Map<string, string>();
  const add = (key: string, build: (id: string) => string): string => {
    let id = entries.get(key)?.match(/id="([^"]+)"/)?.[1];
    if (!id) {
      id = `d${entries.size}`;
      entries.set(key, build(id));
    }
    return id;
  };
  const stops = (list: Stop[]) =>
    list
      .map(
        ([o, c, op]) =>
          `<stop offset="${n(o)}" stop-color="${c}"${op === undefined ? '' : ` stop-opacity="${n(op)}"`}/>`,
      )
      .join('');
  return {
    radial(list: Stop[], fx = 0.5, fy = 0.5): string {
      const key = `r${fx},${fy}${JSON.stringify(list)}`;
      return `url(#${add(key, (id) => `<radialGradient id="${id}" fx="${n(fx)}" fy="${n(fy)}">${stops(list)}</radialGradient>`)})`;
    },
    linear(list: Stop[], angle = 90): string {
      const key = `l${angle}${JSON.stringify(list)}`;
      const rad = (angle * Math.PI) / 180;
      const x = Math.cos(rad) / 2;
      const y = Math.sin(rad) / 2;
      return `url(#${add(
        key,
        (id) =>
          `<linearGradient id="${id}" x1="${n(0.5 - x)}" y1="${n(0.5 - y)}" x2="${n(0.5 + x)}" y2="${n(0.5 + y)}">${stops(list)}</linearGradient>`,
      )})`;
    },
    /** A fine grain laid over a surface: the "hint of texture" of the brief. */
    grain(strength = 0.12, frequency = '0.9'): string {
      const key = `grain${strength}${frequency}`;
      return `url(#${add(
        key,
        (id) =>
          `<filter id="${id}" x="0" y="0" width="1" height="1"><feTurbulence type="fractalNoise" baseFrequency="${frequency}" numOctaves="2" seed="7"/><feColorMatrix values="0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 ${strength} 0"/><feComposite in2="SourceAlpha" operator="in"/></filter>`,
      )})`;
    },
    blur(deviation: number): string {
      return `url(#${add(`blur${deviation}`, (id) => `<filter id="${id}"><feGaussianBlur stdDeviation="${deviation}"/></filter>`)})`;
    },
    raw(key: string, build: (id: string) => string): string {
      return add(key, build);
    },
    toString(): string {
      return entries.size ? `<defs>${[...entries.values()].join('')}</defs>` : '';
    },
  };
}
export type Defs = ReturnType<typeof createDefs>;

export function svgDocument(width: number, height: number, viewBox: string, defs: Defs, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${viewBox}">${defs}${body}</svg>`;
}

/** A closed, smooth, slightly irregular blob: chicken pieces, fritters, rice mounds. */
export function blobPath(rng: Rng, cx: number, cy: number, r: number, jitter = 0.22, points = 7, squash = 1): string {
  const pts: [number, number][] = [];
  const turn = rng() * Math.PI * 2;
  for (let i = 0; i < points; i++) {
    const a = turn + (i / points) * Math.PI * 2;
    const rr = r * (1 - jitter / 2 + rng() * jitter);
    pts.push([cx + Math.cos(a) * rr, cy + Math.sin(a) * rr * squash]);
  }
  const mid = (i: number): [number, number] => {
    const p = pts[i % points] as [number, number];
    const q = pts[(i + 1) % points] as [number, number];
    return [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
  };
  const start = mid(0);
  let d = `M${n(start[0])} ${n(start[1])}`;
  for (let i = 1; i <= points; i++) {
    const p = pts[i % points] as [number, number];
    const m = mid(i);
    d += `Q${n(p[0])} ${n(p[1])} ${n(m[0])} ${n(m[1])}`;
  }
  return `${d}Z`;
}

const at = (x: number, y: number, rotate: number, scale = 1): string =>
  `transform="translate(${n(x)} ${n(y)})rotate(${Math.round(rotate)})${scale === 1 ? '' : `scale(${n(scale)})`}"`;

/** A coriander leaf: three rounded lobes, a lighter vein. */
export function coriander(x: number, y: number, rotate: number, scale = 1, color = palette.leaf): string {
  return `<g ${at(x, y, rotate, scale)}><path d="M0 0C-5-2-8-7-6-11-3-13 0-10 0-10S3-14 6-11C8-7 5-2 0 0Z" fill="${color}"/><path d="M0 0V-9" stroke="#9cc27a" stroke-width=".8"/></g>`;
}

/** A mint leaf: a pointed oval with a centre vein. */
export function mint(x: number, y: number, rotate: number, scale = 1): string {
  return `<g ${at(x, y, rotate, scale)}><path d="M0 0C-6-4-6-13 0-18 6-13 6-4 0 0Z" fill="#5e9a3f"/><path d="M0-2V-15" stroke="#a9d184" stroke-width=".8"/></g>`;
}

export function chilli(x: number, y: number, rotate: number, scale = 1, color = palette.tomato): string {
  return `<g ${at(x, y, rotate, scale)}><path d="M0 0C8 1 22-2 30-10 24 0 10 6 0 5Z" fill="${color}"/><path d="M2 1C8 2 18 0 24-5" stroke="#fff" stroke-opacity=".35" stroke-width="1.2" fill="none"/><path d="M0 2.5C-3 2-5 0-8 1" stroke="${palette.leaf}" stroke-width="2.4" fill="none" stroke-linecap="round"/></g>`;
}

export function chilliRing(x: number, y: number, r = 3.2, color = palette.tomato): string {
  return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="#f7d9a8" stroke="${color}" stroke-width="${n(r * 0.45)}"/>`;
}

export function cardamomPod(x: number, y: number, rotate: number, scale = 1): string {
  return `<g ${at(x, y, rotate, scale)}><ellipse rx="7" ry="4" fill="#8aa866"/><path d="M-6 0H6" stroke="#6a8a4a" stroke-width=".8"/></g>`;
}

export function starAnise(x: number, y: number, rotate: number, scale = 1): string {
  let d = '';
  for (let i = 0; i < 8; i++) {
    const a = (i / 8) * Math.PI * 2;
    const b = a + Math.PI / 8;
    d += `${i ? 'L' : 'M'}${n(Math.cos(a) * 10)} ${n(Math.sin(a) * 10)}L${n(Math.cos(b) * 3)} ${n(Math.sin(b) * 3)}`;
  }
  return `<g ${at(x, y, rotate, scale)}><path d="${d}Z" fill="#7a4a2a" stroke="#5a321b" stroke-width="1" stroke-linejoin="round"/><circle r="2" fill="#c08a4a"/></g>`;
}

export function cinnamon(x: number, y: number, rotate: number, scale = 1): string {
  return `<g ${at(x, y, rotate, scale)}><rect x="-20" y="-3.5" width="40" height="7" rx="3.5" fill="#9a5a30"/><path d="M-19 0H19" stroke="#6e3c1c" stroke-width="1.2"/></g>`;
}

export function lemonWedge(x: number, y: number, rotate: number, scale = 1, color = '#e8cf3a'): string {
  return `<g ${at(x, y, rotate, scale)}><path d="M-14 0A14 14 0 0 0 14 0Z" fill="#f4f0c8" stroke="${color}" stroke-width="2.4"/><path d="M-9 0A9 9 0 0 0 9 0Z" fill="#f6ea8a"/><path d="M0 1V9M0 1L-6 7M0 1L6 7" stroke="#fffbe0" stroke-width="1.1"/></g>`;
}

/** A citrus wheel seen from above (drinks garnish). */
export function citrusWheel(x: number, y: number, r: number, rind: string, flesh: string): string {
  let spokes = '';
  for (let i = 0; i < 8; i++) {
    const a = (i / 8) * Math.PI * 2;
    spokes += `M${n(x)} ${n(y)}L${n(x + Math.cos(a) * r * 0.78)} ${n(y + Math.sin(a) * r * 0.78)}`;
  }
  return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${flesh}" stroke="${rind}" stroke-width="${n(r * 0.16)}"/><path d="${spokes}" stroke="#fff" stroke-opacity=".7" stroke-width="${n(r * 0.07)}"/>`;
}

export function onionRing(x: number, y: number, r: number, rotate: number): string {
  return `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(r)}" ry="${n(r * 0.78)}" transform="rotate(${Math.round(rotate)} ${n(x)} ${n(y)})" fill="none" stroke="#a8456a" stroke-width="2.2"/><ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(r - 2.2)}" ry="${n(r * 0.78 - 2.2)}" transform="rotate(${Math.round(rotate)} ${n(x)} ${n(y)})" fill="none" stroke="#f3e4ee" stroke-width="1.6"/>`;
}

/** A soft round shadow under a vessel, drawn with a gradient rather than a blur filter. */
export function shadow(defs: Defs, cx: number, cy: number, rx: number, ry = rx, strength = 0.34): string {
  const fill = defs.radial([
    [0.7, '#1a0f08', strength],
    [1, '#1a0f08', 0],
  ]);
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"/>`;
}
