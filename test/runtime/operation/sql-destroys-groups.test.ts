import { describe, expect, it } from "vitest";
import { SQL_DESTROYS } from "../../../runtime/operation/knowledge/database.ts";

/** ADR 0629: the self-equal WHERE is SQL_DESTROYS' last alternative and refers to its only capturing group. */
describe("SQL_DESTROYS' one capturing group", () => {
  it("has exactly one, so `\\1` is the self-equal column", () => {
    expect(new RegExp(`${SQL_DESTROYS.source}|`).exec("")!.length - 1).toBe(1);
  });
  it.each([
    ["DELETE FROM users WHERE id = id", true],
    ["UPDATE t SET a = 1 WHERE t.x = t.x;", true],
    ["DELETE FROM users WHERE id = idx", false],
    ["DELETE FROM users WHERE id = 5", false],
  ])("%s → %s", (sql, hit) => {
    expect(SQL_DESTROYS.test(sql)).toBe(hit);
  });
});
