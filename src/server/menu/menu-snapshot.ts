/**
 * The public menu as the database holds it now, in the shapes the site serves: call 7's
 * /data/menu.json, its Vietnamese translation, and today's specials and branch marks
 * (/data/today.json). Read as the database owner, so it applies the public rules itself:
 * published dishes only, sold-out marks still in the future, the date's specials or else the
 * standing choice.
 */
import { createHash } from 'node:crypto';
import type { Menu, MenuPhoto, MenuTranslation } from '../../domain/menu.ts';
import type { BranchMarks, MenuToday, TodaySpecial } from '../../domain/menu-today.ts';
import { restaurantTimeZone } from '../../domain/reservation-options.ts';
import { restaurantProfile } from '../../domain/restaurant-profile.ts';
import type { Queryable } from '../db/database.ts';
import { storagePath } from '../storage/routes.ts';

export interface MenuSnapshot {
  menu: Menu;
  translations: { vi: MenuTranslation };
  today: MenuToday;
  /** Changes whenever anything above does: the pages rendered from an older one are stale. */
  version: string;
  /** When the snapshot stops being true by itself (a sold-out mark lifts, the date changes). */
  expiresAt: number;
}

interface ItemRow {
  id: string;
  category: string;
  category_vi: string;
  name_en: string;
  name_vi: string;
  description_en: string;
  description_vi: string;
  price: number;
  type: 'veg' | 'nonveg' | 'liquor';
  image_path: string;
  metadata: unknown;
}

interface MarkRow {
  item_id: string;
  branch: string;
  sold_out: boolean;
  hidden: boolean;
}

interface SpecialRow {
  item_id: string;
  description_en: string | null;
  description_vi: string | null;
  image_path: string | null;
  image_alt_en: string | null;
  image_alt_vi: string | null;
  metadata: unknown;
}

interface Variant {
  name: string;
  width: number;
  format: string;
}

/** The public URL of an object of the menu bucket. */
export function menuPhotoUrl(name: string): string {
  return `${storagePath}/object/public/menu/${name.split('/').map(encodeURIComponent).join('/')}`;
}

function variantsOf(metadata: unknown): Variant[] {
  if (typeof metadata !== 'object' || metadata === null || !('variants' in metadata)) return [];
  const { variants } = metadata;
  if (!Array.isArray(variants)) return [];
  return variants.flatMap((variant: unknown) => {
    if (typeof variant !== 'object' || variant === null) return [];
    const { name, width, format } = variant as Record<string, unknown>;
    return typeof name === 'string' && typeof width === 'number' && typeof format === 'string'
      ? [{ name, width, format }]
      : [];
  });
}

const srcset = (variants: Variant[]) => variants.map((v) => `${menuPhotoUrl(v.name)} ${v.width}w`).join(', ');

/**
 * A dish's picture: a site path as it is (the seeded drawings), or an uploaded photo's JPEG at
 * about 640 px (what a menu card needs at twice its size) with every size and format beside it.
 */
export function pictureOf(imagePath: string, metadata: unknown): { image: string; photo?: MenuPhoto } {
  if (imagePath.startsWith('/')) return { image: imagePath };
  const variants = variantsOf(metadata).sort((a, b) => a.width - b.width);
  const jpeg = variants.filter((v) => v.format === 'jpeg');
  if (jpeg.length === 0) return { image: menuPhotoUrl(imagePath) };
  const middle = [...jpeg].reverse().find((v) => v.width <= 640) ?? jpeg[0];
  return {
    image: menuPhotoUrl(middle?.name ?? imagePath),
    photo: {
      srcset: srcset(jpeg),
      sources: (['avif', 'webp'] as const)
        .map((format) => ({ type: `image/${format}`, srcset: srcset(variants.filter((v) => v.format === format)) }))
        .filter((source) => source.srcset !== ''),
    },
  };
}

const slugOfBranch = new Map<string, string>(restaurantProfile.branches.map((branch) => [branch.name, branch.slug]));

export async function loadMenuSnapshot(db: Queryable): Promise<MenuSnapshot> {
  const items = await db.query<ItemRow>(
    `select i.id::text, c.name_en as category, c.name_vi as category_vi, i.name_en, i.name_vi, i.description_en,
            i.description_vi, i.price, i.type, i.image_path, o.metadata
       from public.menu_items i
       join public.menu_categories c on c.id = i.category_id
       left join storage.objects o on o.bucket_id = 'menu' and o.name = i.image_path
      where i.published
      order by c.position, c.id, i.position, i.id`,
  );
  const marks = await db.query<MarkRow>(
    `select m.item_id::text, m.branch, coalesce(m.sold_out_until > now(), false) as sold_out, m.hidden
       from public.menu_item_branches m
      where m.hidden or m.sold_out_until > now()`,
  );
  const specials = await db.query<SpecialRow>(
    `with today as (select (now() at time zone $1)::date as day),
          chosen as (
            select s.* from public.daily_specials s join public.menu_items i on i.id = s.item_id and i.published
          ),
          dated as (select * from chosen where date = (select day from today))
     select s.item_id::text, s.description_en, s.description_vi, s.image_path, s.image_alt_en, s.image_alt_vi,
            o.metadata
       from (select * from dated union all
             select * from chosen where date is null and not exists (select 1 from dated)) s
       left join storage.objects o on o.bucket_id = 'menu' and o.name = s.image_path
      order by s.position`,
    [restaurantTimeZone],
  );
  // Milliseconds since the epoch, as text (a float's precision is not the driver's to choose).
  const clock = await db.query<{ next_change: string | null; midnight: string }>(
    `select (extract(epoch from (select min(sold_out_until) from public.menu_item_branches
                                   where sold_out_until > now())) * 1000)::bigint::text as next_change,
            (extract(epoch from (((now() at time zone $1)::date + 1)::timestamp at time zone $1)) * 1000)::bigint::text
              as midnight`,
    [restaurantTimeZone],
  );

  const menu: Menu = {};
  const vi: MenuTranslation = { categories: {}, descriptions: {}, names: {} };
  const byId = new Map<string, ItemRow>();
  for (const row of items.rows) {
    byId.set(row.id, row);
    const list = menu[row.category] ?? [];
    menu[row.category] = list;
    list.push({
      id: Number(row.id),
      name: row.name_en,
      description: row.description_en,
      price: row.price,
      type: row.type,
      ...pictureOf(row.image_path, row.metadata),
    });
    vi.categories[row.category] = row.category_vi;
    vi.descriptions[row.name_en] = row.description_vi;
    if (row.name_vi !== row.name_en && vi.names) vi.names[row.name_en] = row.name_vi;
  }

  const order = new Map([...byId.keys()].map((id, index) => [id, index]));
  const branches: Record<string, BranchMarks> = {};
  for (const slug of slugOfBranch.values()) branches[slug] = { soldOut: [], hidden: [] };
  for (const mark of [...marks.rows].sort((a, b) => (order.get(a.item_id) ?? 0) - (order.get(b.item_id) ?? 0))) {
    const slug = slugOfBranch.get(mark.branch);
    const item = byId.get(mark.item_id);
    const marksOfBranch = slug ? branches[slug] : undefined;
    if (!marksOfBranch || !item) continue;
    if (mark.hidden) marksOfBranch.hidden.push(Number(item.id));
    else if (mark.sold_out)
      marksOfBranch.soldOut.push({ id: Number(item.id), name: { en: item.name_en, vi: item.name_vi } });
  }

  const todaySpecials: TodaySpecial[] = specials.rows.flatMap((row) => {
    const item = byId.get(row.item_id);
    if (!item) return [];
    const picture = row.image_path
      ? pictureOf(row.image_path, row.metadata)
      : pictureOf(item.image_path, item.metadata);
    return [
      {
        id: Number(item.id),
        name: { en: item.name_en, vi: item.name_vi },
        description: {
          en: row.description_en ?? item.description_en,
          vi: row.description_vi ?? item.description_vi,
        },
        alt: { en: row.image_alt_en ?? item.name_en, vi: row.image_alt_vi ?? item.name_vi },
        price: item.price,
        ...picture,
      },
    ];
  });

  const today: MenuToday = { specials: todaySpecials, branches };
  const translations = { vi };
  const version = createHash('sha1')
    .update(JSON.stringify([menu, translations, today]))
    .digest('base64url');
  const times = [clock.rows[0]?.next_change, clock.rows[0]?.midnight].flatMap((t) => (t ? [Number(t)] : []));
  return { menu, translations, today, version, expiresAt: Math.min(...times) };
}
