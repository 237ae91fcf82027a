/**
 * The menu screen's reads and writes, through supabase-js with the signed-in account's token:
 * the database's row-level security decides what each role may change (owners everything, staff
 * and hosts the sold-out marks of their branches); this module only checks what comes back.
 */
import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { menuItemTypes } from '../../../../domain/menu.ts';

export const menuTags = ['nuts', 'dairy', 'gluten', 'egg', 'fish', 'shellfish', 'soy', 'sesame'] as const;

const categorySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name_en: z.string(),
  name_vi: z.string(),
  position: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

const dishSchema = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  name_en: z.string(),
  name_vi: z.string(),
  description_en: z.string(),
  description_vi: z.string(),
  price: z.number().int(),
  type: z.enum(menuItemTypes),
  tags: z.array(z.enum(menuTags)),
  spice: z.number().int().nullable(),
  image_path: z.string().nullable(),
  position: z.number().int(),
  published: z.boolean(),
});
export type Dish = z.infer<typeof dishSchema>;

const markSchema = z.object({
  item_id: z.number().int(),
  branch: z.string(),
  sold_out_until: z.string().nullable(),
  hidden: z.boolean(),
});
export type Mark = z.infer<typeof markSchema>;

const specialSchema = z.object({
  id: z.number().int(),
  date: z.string().nullable(),
  position: z.number().int(),
  item_id: z.number().int(),
});
export type Special = z.infer<typeof specialSchema>;

export interface MenuBoard {
  categories: Category[];
  dishes: Dish[];
  marks: Mark[];
  /** The specials by position (1–3): the standing choice (date null) and those of dates to come. */
  specials: Special[];
}

/** A refusal the screen explains in its own words: the SQLSTATE or Storage's code. */
export class MenuCallError extends Error {
  override name = 'MenuCallError';
  readonly code: string;
  /** Storage's own explanation of a refused photo (English), shown beside the screen's words. */
  readonly detail: string | undefined;
  constructor(code: string, detail?: string) {
    super(code);
    this.code = code;
    this.detail = detail;
  }
}

function checked<T>(result: { data: unknown; error: PostgrestError | null }, schema: z.ZodType<T>): T {
  if (result.error) throw new MenuCallError(result.error.code || 'unreachable');
  return schema.parse(result.data);
}

const sessionKey = ['admin-menu'] as const;

export function menuBoardQuery(supabase: SupabaseClient) {
  return queryOptions({
    queryKey: sessionKey,
    queryFn: async (): Promise<MenuBoard> => {
      const [categories, dishes, marks, specials] = await Promise.all([
        supabase.from('menu_categories').select('id, slug, name_en, name_vi, position').order('position').order('id'),
        supabase
          .from('menu_items')
          .select(
            'id, category_id, name_en, name_vi, description_en, description_vi, price, type, tags, spice, image_path, position, published',
          )
          .order('position')
          .order('id'),
        supabase.from('menu_item_branches').select('item_id, branch, sold_out_until, hidden'),
        supabase.from('daily_specials').select('id, date, position, item_id').order('position'),
      ]);
      return {
        categories: checked(categories, z.array(categorySchema)),
        dishes: checked(dishes, z.array(dishSchema)),
        marks: checked(marks, z.array(markSchema)),
        specials: checked(specials, z.array(specialSchema)),
      };
    },
  });
}

export function useMenuBoard(supabase: SupabaseClient) {
  return useQuery(menuBoardQuery(supabase));
}

/** The columns of a dish the edit form writes. */
export type DishChange = Omit<Dish, 'id' | 'position'>;

/** Every write of the screen, then the board read again. */
export function useMenuChange(supabase: SupabaseClient) {
  const queryClient = useQueryClient();
  const one = z.array(z.object({ id: z.number().int() })).length(1);
  return useMutation({
    mutationFn: async (
      change:
        | { kind: 'save'; id: number | undefined; dish: DishChange; position: number }
        | { kind: 'order'; dishes: { id: number; position: number }[] }
        | { kind: 'sold-out'; ids: number[]; branch: string; soldOut: boolean }
        | { kind: 'special'; position: number; itemId: number; existing: number | undefined }
        | { kind: 'dated-specials'; date: string; itemIds: number[] }
        | { kind: 'standing-again'; date: string }
        | { kind: 'hidden'; id: number; branch: string; hidden: boolean }
        | { kind: 'category'; id: number | undefined; category: Omit<Category, 'id' | 'position'>; position: number }
        | { kind: 'category-order'; categories: { id: number; position: number }[] },
    ): Promise<void> => {
      if (change.kind === 'save') {
        const result =
          change.id === undefined
            ? await supabase
                .from('menu_items')
                .insert({ ...change.dish, position: change.position })
                .select('id')
            : await supabase.from('menu_items').update(change.dish).eq('id', change.id).select('id');
        // No row back: row-level security refused it (an account that is not an owner).
        if (checked(result, z.array(z.object({ id: z.number() }))).length !== 1) throw new MenuCallError('42501');
      } else if (change.kind === 'order') {
        for (const dish of change.dishes) {
          checked(
            await supabase.from('menu_items').update({ position: dish.position }).eq('id', dish.id).select('id'),
            one,
          );
        }
      } else if (change.kind === 'sold-out') {
        checked(
          await supabase.rpc('set_menu_sold_out', {
            p_item_ids: change.ids,
            p_branch: change.branch,
            p_sold_out: change.soldOut,
          }),
          z.array(markSchema),
        );
      } else if (change.kind === 'dated-specials') {
        // A date's three replace the standing choice for that day, so they are written together.
        checked(
          await supabase.from('daily_specials').delete().eq('date', change.date).select('id'),
          z.array(z.unknown()),
        );
        checked(
          await supabase
            .from('daily_specials')
            .insert(change.itemIds.map((item_id, index) => ({ date: change.date, position: index + 1, item_id })))
            .select('id'),
          z.array(z.unknown()).length(change.itemIds.length),
        );
      } else if (change.kind === 'standing-again') {
        checked(
          await supabase.from('daily_specials').delete().eq('date', change.date).select('id'),
          z.array(z.unknown()),
        );
      } else if (change.kind === 'hidden') {
        // A dish without a mark at the branch has no row yet: change it if there is one, else add it.
        const updated = checked(
          await supabase
            .from('menu_item_branches')
            .update({ hidden: change.hidden })
            .eq('item_id', change.id)
            .eq('branch', change.branch)
            .select('item_id'),
          z.array(z.unknown()),
        );
        if (updated.length === 0) {
          checked(
            await supabase
              .from('menu_item_branches')
              .insert({ item_id: change.id, branch: change.branch, hidden: change.hidden })
              .select('item_id'),
            z.array(z.unknown()).length(1),
          );
        }
      } else if (change.kind === 'category') {
        checked(
          change.id === undefined
            ? await supabase
                .from('menu_categories')
                .insert({ ...change.category, position: change.position })
                .select('id')
            : await supabase
                .from('menu_categories')
                .update({ name_en: change.category.name_en, name_vi: change.category.name_vi })
                .eq('id', change.id)
                .select('id'),
          one,
        );
      } else if (change.kind === 'category-order') {
        for (const category of change.categories) {
          checked(
            await supabase
              .from('menu_categories')
              .update({ position: category.position })
              .eq('id', category.id)
              .select('id'),
            one,
          );
        }
      } else {
        // The standing choice's own words and picture were for the dish it replaces.
        const values = {
          item_id: change.itemId,
          description_en: null,
          description_vi: null,
          image_path: null,
          image_alt_en: null,
          image_alt_vi: null,
        };
        checked(
          change.existing === undefined
            ? await supabase
                .from('daily_specials')
                .insert({ ...values, date: null, position: change.position })
                .select('id')
            : await supabase.from('daily_specials').update(values).eq('id', change.existing).select('id'),
          one,
        );
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKey }),
  });
}

/** Uploads a photo to the public bucket `menu` and answers its object name (the dish's image_path). */
export async function uploadDishPhoto(supabase: SupabaseClient, file: File): Promise<string> {
  const extension = /\.(jpe?g|png|webp)$/i.exec(file.name)?.[1]?.toLowerCase() ?? 'jpg';
  const path = `dishes/${crypto.randomUUID()}.${extension}`;
  const { data, error } = await supabase.storage.from('menu').upload(path, file, { contentType: file.type });
  if (error) {
    const status = 'statusCode' in error && typeof error.statusCode === 'string' ? error.statusCode : '';
    const code = { '413': 'photo_too_large', '415': 'photo_type', '403': '42501' }[status] ?? 'photo_refused';
    throw new MenuCallError(code, error.message);
  }
  return data.path;
}
