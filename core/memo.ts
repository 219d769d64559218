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
