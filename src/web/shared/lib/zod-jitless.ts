/**
 * Import before the first zod parse in the browser. Zod probes for `new Function` to compile fast
 * parsers; under our Content-Security-Policy (no 'unsafe-eval') the probe is refused and reported
 * as a CSP violation, even though zod catches it. Jitless parsing is as correct, and our inputs
 * are small.
 */
// From zod/mini: the setting is shared by both forms of zod, and the menu page, which loads only
// the small one before any interaction, does not pull in the full one for it.
import { config } from 'zod/mini';

config({ jitless: true });
