import { describe, expect, it } from "vitest";
import { SQL_DESTROYS } from "../../../runtime/operation/knowledge/database.ts";

/**
 * ADR 0629: the self-equal WHERE refers to SQL_DESTROYS' first capturing group; ADR 0640's self-subquery follows it
 * with two named ones, and ADR 0742's null-or-not-null column with a third.
 */
describe("SQL_DESTROYS' capturing groups", () => {
  it("has the self-equal column first, then only the three named groups, so `\\1` is that column", () => {
    const groups = new RegExp(`${SQL_DESTROYS.source}|`).exec("")!;
    expect(groups.length - 1).toBe(4);
    expect(Object.keys(groups.groups ?? {})).toEqual(["tbl", "col", "ncol"]);
  });
  it.each([
    ["DELETE FROM users WHERE id = id", true],
    ["UPDATE t SET a = 1 WHERE t.x = t.x;", true],
    ["DELETE FROM users WHERE id = idx", false],
    ["DELETE FROM users WHERE id = 5", false],
    ["UPDATE users SET a = 1 WHERE id IN (SELECT id FROM users)", true],
    ["DELETE FROM t WHERE k IN (SELECT DISTINCT k FROM t)", true],
    ["UPDATE users SET a = 1 WHERE id IN (SELECT user_id FROM banned)", false],
    ["UPDATE users SET a = 1 WHERE id IN (SELECT id FROM users WHERE age > 90)", false],
  ])("%s → %s", (sql, hit) => {
    expect(SQL_DESTROYS.test(sql)).toBe(hit);
  });
});
