/**
 * A branch's floor as a file (`npm run admin -- floor import|export`, docs/floors/*.json): its
 * areas in order, each with its tables, the combinations of tables pushed together, and
 * optionally the branch's turn times. The database keeps it in public.dining_areas,
 * dining_tables, table_combinations and table_combination_members
 * (supabase/migrations/20261126000000_floor.sql).
 */
import { z } from 'zod';

const name = (max: number) => z.string().trim().min(1).max(max);
const seats = z.number().int().min(1).max(200);

export const floorTableSchema = z
  .strictObject({
    /** The floor editor sends a saved table's id, so renaming it keeps its bookings; files leave it out. */
    id: z.uuid().optional(),
    name: name(30),
    min_seats: z.number().int().min(1).max(100).default(1),
    max_seats: z.number().int().min(1).max(100),
    /** Whether guests booking online may be given it (staff may give any table). */
    online: z.boolean().default(true),
    active: z.boolean().default(true),
    shape: z.enum(['rect', 'round']).default('rect'),
    x: z.number().finite().default(0),
    y: z.number().finite().default(0),
    width: z.number().positive().finite().default(1),
    height: z.number().positive().finite().default(1),
    rotation: z.number().min(0).lt(360).default(0),
  })
  .refine((t) => t.min_seats <= t.max_seats, { message: 'min_seats must not exceed max_seats', path: ['min_seats'] });

export const floorAreaSchema = z.strictObject({
  name: name(60),
  tables: z.array(floorTableSchema).max(300),
});

export const floorCombinationSchema = z
  .strictObject({
    name: name(60),
    /** The names of its tables: two or more, of one area. */
    tables: z.array(name(30)).min(2).max(20),
    min_seats: seats.default(1),
    max_seats: seats,
    online: z.boolean().default(true),
  })
  .refine((c) => c.min_seats <= c.max_seats, { message: 'min_seats must not exceed max_seats', path: ['min_seats'] });

/** {"1": 90, "3": 105, "5": 120, "7": 150}: minutes from each party size up to the next entry's. */
export const turnMinutesSchema = z
  .record(z.string().regex(/^[1-9]\d{0,2}$/, 'a party size (1–999)'), z.number().int().min(15).max(720))
  .refine((turns) => '1' in turns, { message: 'must give the turn for parties from 1 guest ("1")' });

export const floorSchema = z
  .strictObject({
    turn_minutes: turnMinutesSchema.optional(),
    reset_minutes: z.number().int().min(0).max(240).optional(),
    areas: z.array(floorAreaSchema).max(50),
    combinations: z.array(floorCombinationSchema).max(300).default([]),
  })
  .superRefine((floor, ctx) => {
    const areaOf = new Map<string, string>();
    const areaNames = new Set<string>();
    floor.areas.forEach((area, a) => {
      if (areaNames.has(area.name))
        ctx.addIssue({
          code: 'custom',
          message: `area "${area.name}" twice`,
          path: ['areas', a, 'name'],
          params: { reason: 'duplicate_area', name: area.name },
        });
      areaNames.add(area.name);
      area.tables.forEach((table, t) => {
        if (areaOf.has(table.name)) {
          ctx.addIssue({
            code: 'custom',
            message: `table "${table.name}" twice`,
            path: ['areas', a, 'tables', t, 'name'],
            params: { reason: 'duplicate_table', name: table.name },
          });
        }
        areaOf.set(table.name, area.name);
      });
    });
    const comboNames = new Set<string>();
    floor.combinations.forEach((combo, c) => {
      if (comboNames.has(combo.name)) {
        ctx.addIssue({
          code: 'custom',
          message: `combination "${combo.name}" twice`,
          path: ['combinations', c, 'name'],
          params: { reason: 'duplicate_combination', name: combo.name },
        });
      }
      comboNames.add(combo.name);
      const areas = new Set<string>();
      for (const member of combo.tables) {
        if (!areaOf.has(member)) {
          ctx.addIssue({
            code: 'custom',
            message: `no table "${member}"`,
            path: ['combinations', c, 'tables'],
            params: { reason: 'combination_table', name: combo.name, table: member },
          });
        }
        const area = areaOf.get(member);
        if (area !== undefined) areas.add(area);
      }
      if (new Set(combo.tables).size !== combo.tables.length) {
        ctx.addIssue({
          code: 'custom',
          message: 'a table is named twice',
          path: ['combinations', c, 'tables'],
          params: { reason: 'combination_size', name: combo.name },
        });
      }
      if (areas.size > 1) {
        ctx.addIssue({
          code: 'custom',
          message: 'its tables must be in one area',
          path: ['combinations', c, 'tables'],
          params: { reason: 'combination_areas', name: combo.name },
        });
      }
    });
  });

export type Floor = z.infer<typeof floorSchema>;
export type FloorInput = z.input<typeof floorSchema>;
