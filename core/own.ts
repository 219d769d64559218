/**
 * The entry of a string-keyed table under a key the agent wrote (a program, a verb, an option, a variable name),
 * or undefined when the table has none of its own. Indexing a plain object with `constructor`, `toString` or
 * `__proto__` returns Object.prototype's member, which a table lookup would take for knowledge (docs/adr/0460):
 * every user-keyed lookup goes through here, and a test (test/runtime/own-lookups.test.ts) holds it so.
 */
export function ownEntry<V>(table: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
