import { homedir } from "node:os";

/** Resolves after `ms` unless `signal` aborts first (then it rejects); the timer never keeps the process alive. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted === true) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    timer.unref?.();
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

export function counterIds(prefix = "call"): () => string {
  let n = 0;
  return () => `${prefix}-${++n}`;
}

export const defaultHome = (): string => homedir();
