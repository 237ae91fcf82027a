/**
 * Import before the first zod parse in the browser. Zod probes for `new Function` to compile fast
 * parsers; under our Content-Security-Policy (no 'unsafe-eval') the probe is refused and reported
 * as a CSP violation, even though zod catches it. Jitless parsing is as correct, and our inputs
 * are small.
 */
import { z } from 'zod';

z.config({ jitless: true });
