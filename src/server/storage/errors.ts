/**
 * Storage's error answer: the JSON hosted Supabase Storage sends, `{statusCode, error, message}`
 * (statusCode a string), which storage-js turns into a StorageApiError with that message.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export class StorageFailure extends Error {
  readonly status: ContentfulStatusCode;
  readonly error: string;
  constructor(status: ContentfulStatusCode, error: string, message: string) {
    super(message);
    this.status = status;
    this.error = error;
  }
}

export function storageErrorResponse(c: Context, failure: StorageFailure, headers: Record<string, string> = {}) {
  return c.json(
    { statusCode: String(failure.status), error: failure.error, message: failure.message },
    failure.status,
    {
      'Cache-Control': 'no-store',
      ...headers,
    },
  );
}

export const notFound = () => new StorageFailure(404, 'not_found', 'Object not found');
export const bucketNotFound = () => new StorageFailure(404, 'Bucket not found', 'Bucket not found');
