/**
 * A function of an object, computed once per object and kept as long as the object lives (IR nodes,
 * policies, operations): the one WeakMap cache the runtime's derived views share.
 */
export function memoByObject<K extends object, V>(compute: (key: K) => V): (key: K) => V {
  const cache = new WeakMap<K, V>();
  return (key) => {
    const known = cache.get(key);
    // One lookup on the hot path; `has` only tells a cached undefined from a miss.
    if (known !== undefined || cache.has(key)) return known as V;
    const value = compute(key);
    cache.set(key, value);
    return value;
  };
}

/**
 * A function of an object and a string key (a policy list and the home and directory it resolves against),
 * computed once per pair while the object lives; at most `limit` keys are kept per object, since the keys
 * (directories) are not bounded by the policy.
 */
export function memoByObjectAndKey<K extends object, V>(
  compute: (obj: K, key: string) => V,
  limit = 64,
): (obj: K, key: string) => V {
  const cache = new WeakMap<K, Map<string, V>>();
  return (obj, key) => {
    let byKey = cache.get(obj);
    if (byKey === undefined) {
      byKey = new Map();
      cache.set(obj, byKey);
    }
    if (byKey.has(key)) return byKey.get(key) as V;
    const value = compute(obj, key);
    if (byKey.size >= limit) byKey.clear();
    byKey.set(key, value);
    return value;
  };
}
