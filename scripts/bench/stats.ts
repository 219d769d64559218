/** Small figures helpers shared by the bench sections. */

/** The value at quantile p (0..1) of xs, nearest rank; NaN for no samples. */
export function percentile(xs: readonly number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
}

export function median(xs: readonly number[]): number {
  return percentile(xs, 0.5);
}

export function micros(us: number): string {
  return `${us.toFixed(us < 10 ? 2 : 1)} µs`;
}

export function millis(ms: number): string {
  return `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;
}
