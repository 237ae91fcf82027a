/**
 * Prices in Vietnamese dong. Its own module, free of zod, so the home page can show prices
 * without loading the menu schema.
 */

/** "₫350,000": the dong sign followed by the number grouped in thousands (spec §2). */
export function formatDong(amount: number): string {
  return `₫${new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(amount)}`;
}
