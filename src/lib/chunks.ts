import { SHELL_MESSAGES } from '#contract/shellMessages';

/** A screen's code that has not arrived after this long counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

/**
 * A piece of code (a "chunk", static/js/{id}.{hash}.chunk.js) that could not be loaded: the network
 * failed, the file is gone after a deploy, or it took longer than CHUNK_TIMEOUT_MS.
 * The message is 'Loading chunk N failed'; `reason` says why, webpack style.
 */
export class ChunkLoadError extends Error {
  constructor(
    readonly chunk: string,
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(SHELL_MESSAGES.chunkFailed(chunk), options);
    this.name = 'ChunkLoadError';
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError || (error instanceof Error && error.name === 'ChunkLoadError');
}

const CHUNK_FILE = /([\w-]+?)(?:[.-][\w-]{6,})?\.chunk\.js/;
const MODULE_PATH = /([\w-]+)(?:\.[jt]sx?)?['"]?\s*\)?\s*$/;

/** The chunk's name, e.g. "AboutPage" for …/static/js/AboutPage.JvvQDzWI.chunk.js. */
export function chunkName(text: string): string | undefined {
  const file = CHUNK_FILE.exec(text);
  if (file) return file[1];
  const url = /(?:https?:\/\/|\/)[^\s'"]*\/([\w-]+?)(?:[.-][\w-]{6,})?\.m?[jt]sx?\b/.exec(text);
  return url?.[1];
}

function nameOf(load: () => unknown, error?: unknown): string {
  const message = error instanceof Error ? error.message : '';
  const fromError = chunkName(message);
  if (fromError) return fromError;
  // Engines that do not name the file in the error: the import path is in the loader's source
  // ("./AboutPage.JvvQDzWI.chunk.js" when built, "/src/features/marketing/AboutPage.tsx" in dev).
  const source = String(load);
  const quoted = /import\w*\(\s*["'`]([^"'`]+)["'`]/.exec(source)?.[1];
  if (quoted) return chunkName(quoted) ?? MODULE_PATH.exec(quoted)?.[1] ?? quoted;
  return 'unknown';
}

function urlIn(message: string): string | undefined {
  return /https?:\/\/\S+/.exec(message)?.[0];
}

/**
 * Loads a lazily imported module; rejects with ChunkLoadError if the import fails or has not
 * settled within `timeoutMs`.
 */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      const name = nameOf(load);
      reject(new ChunkLoadError(name, `(timeout: no answer after ${timeoutMs / 1000} s)`));
    }, timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (err: unknown) => {
        clearTimeout(timer);
        const message = err instanceof Error ? err.message : String(err);
        const url = urlIn(message);
        reject(new ChunkLoadError(nameOf(load, err), url ? `(error: ${url})` : `(error: ${message})`, { cause: err }));
      },
    );
  });
}
