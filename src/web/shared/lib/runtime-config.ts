/**
 * The public client configuration, read from the server's /config.json the first time the app
 * needs the backend, so one build runs against any backend.
 */
import { z } from 'zod';
import './zod-jitless.ts';

const runtimeConfigSchema = z.object({
  supabaseUrl: z.url(),
  supabaseAnonKey: z.string().min(1),
  sheetsEndpoint: z.url(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

let pending: Promise<RuntimeConfig> | undefined;

export function getRuntimeConfig(): Promise<RuntimeConfig> {
  pending ??= fetch('/config.json', { headers: { Accept: 'application/json' } })
    .then((response) => {
      if (!response.ok) throw new Error(`GET /config.json answered ${response.status}`);
      return response.json();
    })
    .then((body: unknown) => runtimeConfigSchema.parse(body))
    .catch((error: unknown) => {
      pending = undefined; // let the next call try again
      throw error;
    });
  return pending;
}
