/**
 * Runs the re-encoding of photos in one child process (photo-worker.ts), one photo at a time: the
 * server's own memory never holds a decoded photo, libvips' memory goes back to the system when
 * the child exits after a short idle time, and a libvips crash fails one upload, not the server.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import { z } from 'zod';
import { StorageFailure } from './errors.ts';
import type { PhotoFormat, ProcessedPhoto } from './photos.ts';

/** The child exits after this long without work. */
const idleMs = 10_000;

const answerSchema = z.union([
  z.object({ id: z.number(), photo: z.custom<ProcessedPhoto>((value) => typeof value === 'object' && value !== null) }),
  z.object({ id: z.number(), failure: z.object({ status: z.number(), error: z.string(), message: z.string() }) }),
]);

let child: ChildProcess | undefined;
let idleTimer: NodeJS.Timeout | undefined;
let nextId = 1;
let queue: Promise<unknown> = Promise.resolve();

function worker(): ChildProcess {
  if (child && child.exitCode === null && child.signalCode === null) return child;
  const started = fork(join(import.meta.dirname, 'photo-worker.ts'), [], {
    // One malloc arena: glibc otherwise keeps a fragmented arena per libvips thread.
    env: { ...process.env, MALLOC_ARENA_MAX: '1' },
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  started.on('exit', () => {
    if (child === started) child = undefined;
  });
  // A process that could not start (or a send to one that ended): the upload in flight is failed
  // by its own listener below; without this one the event would end the server.
  started.on('error', () => {
    if (child === started) child = undefined;
  });
  child = started;
  return started;
}

/** Lets the server's process exit while the child waits for work; the child ends when idle. */
function release(encoder: ChildProcess): void {
  encoder.unref();
  encoder.channel?.unref();
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => encoder.kill(), idleMs);
  idleTimer.unref();
}

function runOne(bytes: Uint8Array, name: string, format: PhotoFormat): Promise<ProcessedPhoto> {
  const encoder = worker();
  clearTimeout(idleTimer);
  encoder.ref();
  encoder.channel?.ref();
  const id = nextId++;
  return new Promise<ProcessedPhoto>((resolve, reject) => {
    const finish = () => {
      encoder.off('message', onMessage);
      encoder.off('exit', onExit);
      encoder.off('error', onError);
      release(encoder);
    };
    const onMessage = (message: unknown) => {
      const answer = answerSchema.safeParse(message);
      if (!answer.success || answer.data.id !== id) return;
      finish();
      if ('photo' in answer.data) resolve(answer.data.photo);
      else {
        const { status, error, message: text } = answer.data.failure;
        reject(new StorageFailure(status === 413 ? 413 : 400, error, text));
      }
    };
    // Ended while working on this photo: a decoder crashed on it.
    const onExit = () => {
      finish();
      reject(new StorageFailure(400, 'invalid_image', 'The photo could not be processed; it may be damaged'));
    };
    // The server's trouble, not the photo's: worth another try.
    const onError = () => {
      finish();
      reject(new StorageFailure(503, 'photo_process_unavailable', 'Photos cannot be processed right now; try again'));
    };
    encoder.on('message', onMessage);
    encoder.on('exit', onExit);
    encoder.on('error', onError);
    encoder.send({ id, bytes, name, format }, (error) => {
      if (error) onError();
    });
  });
}

/** Re-encodes a photo (photo-encoder.ts) in the photo process; one at a time across the server. */
export function processPhoto(bytes: Uint8Array, name: string, format: PhotoFormat): Promise<ProcessedPhoto> {
  const run = queue.then(() => runOne(bytes, name, format));
  queue = run.catch(() => undefined);
  return run;
}
