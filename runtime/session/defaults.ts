import { homedir } from "node:os";

/**
 * Resolves after `ms` unless `signal` aborts first (then it rejects). The timer keeps the process alive: it is
 * the approval timeout, and a process with nothing else pending (an approver that never answers) must still
 * reach it and deny, not exit with the decision unsettled. It is cleared as soon as the approver answers.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted === true) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
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
