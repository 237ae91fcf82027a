/**
 * "Export CSV": every reservation matching the dashboard's filters, not only the page on screen.
 * The REST layer answers at most 1,000 rows per request (as PostgREST's max-rows does on a hosted
 * project), so the export reads page after page. It pages by key (id below the last one read),
 * not by offset: a booking arriving meanwhile takes a new, higher id and shifts nothing, so no row
 * is read twice or skipped. Rows come newest booking first.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import type { ReservationFilters } from '../reservation-filters.ts';
import { filteredReservations, reservationRowSchema } from './list-reservations.ts';
import { noticeEndedSession } from './session-ended.ts';

/** The most rows one REST response carries (src/server/rest/plan.ts, PostgREST's max-rows). */
export const exportBatchSize = 1000;

export const exportRowSchema = reservationRowSchema.extend({ created_at: z.string() });
export type ExportRow = z.infer<typeof exportRowSchema>;

const columns = Object.keys(exportRowSchema.shape).join(',');

export async function fetchReservationsForExport(
  supabase: SupabaseClient,
  filters: ReservationFilters,
  onProgress?: (read: number) => void,
  batchSize = exportBatchSize,
): Promise<ExportRow[]> {
  const rows: ExportRow[] = [];
  for (let below: number | undefined; ; ) {
    let request = filteredReservations(supabase, filters, columns);
    if (below !== undefined) request = request.lt('id', below);
    const { data, error } = await request.order('id', { ascending: false }).limit(batchSize);
    if (error) {
      await noticeEndedSession(supabase, error);
      throw new Error(error.message);
    }
    const batch = z.array(exportRowSchema).parse(data);
    rows.push(...batch);
    onProgress?.(rows.length);
    const last = batch.at(-1);
    // Only an empty batch ends it: a project whose max-rows is lower than the batch asked for
    // answers short batches that are not the last.
    if (!last) return rows;
    below = last.id;
  }
}
