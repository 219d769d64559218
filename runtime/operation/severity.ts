/**
 * Severity orders, in one place: which op type is "the" type of a call with several effects, and how levels
 * combine. Types: credentials first, then what changes or runs things, external before local, reads last.
 */
import { LEVEL_RANK, type Level, type OpType } from "../../compiler/index.ts";

/** Most severe first. */
export const TYPE_SEVERITY: readonly OpType[] = [
  "credential_access",
  "write_sensitive",
  "execute",
  "skill_modify",
  "write_external",
  "memory_write",
  "write_local",
  "read_sensitive",
  "read_external",
  "memory_read",
  "read_local",
];

const TYPE_RANK: ReadonlyMap<OpType, number> = new Map(TYPE_SEVERITY.map((t, i) => [t, TYPE_SEVERITY.length - i]));

/** The most severe type, or null for none. */
export function mostSevere(types: readonly OpType[]): OpType | null {
  let best: OpType | null = null;
  for (const t of types) if (best === null || (TYPE_RANK.get(t) ?? 0) > (TYPE_RANK.get(best) ?? 0)) best = t;
  return best;
}

/** Types deduplicated and sorted most severe first (stable output for signatures, logs and tests). */
export function sortTypes(types: Iterable<OpType>): readonly OpType[] {
  return [...new Set(types)].sort((a, b) => (TYPE_RANK.get(b) ?? 0) - (TYPE_RANK.get(a) ?? 0));
}

/**
 * The higher of two levels. Within rank 2, the named kinds order SECURITY > DESTRUCTIVE > EXPENSIVE so the
 * result does not depend on the order effects were found in.
 */
const TIE: Readonly<Record<Level, number>> = {
  READ: 0,
  WRITE: 0,
  EXPENSIVE: 0,
  DESTRUCTIVE: 1,
  SECURITY: 2,
  FORBIDDEN: 0,
};

export function maxLevel(a: Level, b: Level): Level {
  const ra = LEVEL_RANK[a];
  const rb = LEVEL_RANK[b];
  if (ra !== rb) return ra > rb ? a : b;
  return TIE[a] >= TIE[b] ? a : b;
}

/**
 * A level raised to a floor, without renaming a level of the same rank: a DESTRUCTIVE scale-to-zero that also
 * takes a protection away (SECURITY) stays DESTRUCTIVE, as users' rules name it.
 */
export function raisedTo(level: Level, floor: Level): Level {
  return LEVEL_RANK[level] >= LEVEL_RANK[floor] ? level : floor;
}

export function atLeast(level: Level, floor: Level): Level {
  return maxLevel(level, floor);
}
