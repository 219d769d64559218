/**
 * A Set view of a state list of ids (activated and disabled rules, approved signatures), built once per list: state lists are frozen
 * and replaced, never changed, so the list object is the cache key. Rule loops ask "is this rule active?"
 * for every rule on every call; `includes` made that rules × activated string compares.
 */
const sets = new WeakMap<readonly string[], ReadonlySet<string>>();

export function idSet(list: readonly string[]): ReadonlySet<string> {
  let set = sets.get(list);
  if (set === undefined) {
    set = new Set(list);
    if (Object.isFrozen(list)) sets.set(list, set);
  }
  return set;
}
