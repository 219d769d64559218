import { describe, expect, test } from "vitest";
import { TABLES } from "../../../runtime/operation/index.ts";

describe("program knowledge tables", () => {
  test("no program name is described by two tables", () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const [table, programs] of Object.entries(TABLES)) {
      for (const p of programs) {
        for (const name of new Set(p.names)) {
          const first = owner.get(name);
          if (first !== undefined && first !== `${table}:${p.names[0]}`)
            clashes.push(`${name} in ${first} and ${table}`);
          owner.set(name, `${table}:${p.names[0]}`);
        }
      }
    }
    expect(clashes).toEqual([]);
  });
});
