/**
 * The photo process: re-encodes one photo per message from the server (photo-process.ts) and
 * answers with the files or the refusal. A process of its own so libvips' memory is returned to
 * the system when it exits, its allocator can be capped (MALLOC_ARENA_MAX, set by the parent),
 * and a crash on a hostile file ends this process, not the server.
 */
import { z } from 'zod';
import { StorageFailure } from './errors.ts';
import { encode } from './photo-encoder.ts';

const requestSchema = z.object({
  id: z.number().int(),
  bytes: z.instanceof(Uint8Array),
  name: z.string(),
  format: z.enum(['jpeg', 'png', 'webp']),
});

process.on('message', async (message: unknown) => {
  const request = requestSchema.safeParse(message);
  if (!request.success) return;
  const { id, bytes, name, format } = request.data;
  try {
    process.send?.({ id, photo: await encode(bytes, name, format) });
  } catch (error) {
    const failure =
      error instanceof StorageFailure
        ? error
        : new StorageFailure(400, 'invalid_image', 'The photo could not be read; it may be damaged');
    process.send?.({ id, failure: { status: failure.status, error: failure.error, message: failure.message } });
  }
});
// The server is gone: so is the reason to exist.
process.on('disconnect', () => process.exit(0));
