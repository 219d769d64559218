import { closest, distance } from "fastest-levenshtein";

/** "did you mean 'x'?" for a near miss among `candidates`, or undefined when nothing is close. */
export function didYouMean(word: string, candidates: readonly string[]): string | undefined {
  const best = nearest(word, candidates);
  return best === undefined ? undefined : `did you mean '${best}'?`;
}

export function nearest(word: string, candidates: readonly string[]): string | undefined {
  if (candidates.length === 0 || word === "") return undefined;
  const lower = word.toLowerCase();
  const exactCase = candidates.find((c) => c.toLowerCase() === lower);
  if (exactCase !== undefined) return exactCase;
  const best = closest(
    lower,
    candidates.map((c) => c.toLowerCase()),
  );
  const index = candidates.findIndex((c) => c.toLowerCase() === best);
  const limit = Math.max(2, Math.floor(word.length / 3));
  return distance(lower, best) <= limit ? candidates[index] : undefined;
}
