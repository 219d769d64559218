import { describe, expect, it } from "vitest";
import { findAnnotations, parseAnnotation } from "../../grammar/index.ts";

const at = (start: number, end: number) => ({ start, end });

describe("parseAnnotation", () => {
  it.each([
    ["@safety READ gcloud * list", "READ", ["gcloud", "*", "list"]],
    [
      "@safety DESTRUCTIVE gcloud compute instances delete",
      "DESTRUCTIVE",
      ["gcloud", "compute", "instances", "delete"],
    ],
    [
      "<!-- @safety EXPENSIVE gcloud compute instances create -->",
      "EXPENSIVE",
      ["gcloud", "compute", "instances", "create"],
    ],
    ["<!--@safety WRITE git commit-->", "WRITE", ["git", "commit"]],
    ["  @safety\tSECURITY  gpg --delete-secret-keys ", "SECURITY", ["gpg", "--delete-secret-keys"]],
    ["@safety FORBIDDEN kubectl", "FORBIDDEN", ["kubectl"]],
    ["@safety DESTRUKTIVE rm", "DESTRUKTIVE", ["rm"]],
  ])("reads %j as level %s of %j", (text, level, command) => {
    const r = parseAnnotation(text);
    expect(r.errors).toEqual([]);
    expect(r.value?.level).toBe(level);
    expect(r.value?.command).toEqual(command);
  });

  it("locates the whole annotation and its level", () => {
    expect(parseAnnotation("<!-- @safety EXPENSIVE gcloud create -->").value).toEqual({
      command: ["gcloud", "create"],
      level: "EXPENSIVE",
      levelAt: at(13, 22),
      at: at(0, 40),
    });
  });

  it.each([
    ["@safety", "expected a safety level after '@safety', found end of line", at(7, 7)],
    ["@safety READ", "expected the command words after the level, found end of line", at(12, 12)],
    ["<!-- @safety READ gcloud", "expected '-->' to close the comment, found end of line", at(24, 24)],
    ["<!-- @safety READ gcloud --> more", "unexpected 'more' after the annotation", at(29, 33)],
    ["safety READ x", "expected '@safety' or '<!-- @safety', found 'safety'", at(0, 6)],
  ])("reports %j as RG1008: %s", (text, detail, range) => {
    expect(parseAnnotation(text)).toEqual({ value: null, errors: [{ code: "RG1008", args: { detail }, at: range }] });
  });
});

describe("findAnnotations", () => {
  const doc = [
    "# gcloud skill", //              0..14
    "@safety READ gcloud * list", //  15..41
    "Some prose mentioning @safety READ x in the middle of a line.",
    "```md",
    "@safety WRITE shown in a code block",
    "```",
    "  <!-- @safety DESTRUCTIVE gcloud compute instances delete -->",
    "@safety",
    "@safetyfirst is not an annotation",
    "",
  ].join("\n");

  it("finds annotation lines outside code blocks, with ranges into the markdown", () => {
    const { annotations, errors } = findAnnotations(doc);
    expect(
      annotations.map((a) => [
        a.level,
        a.command.join(" "),
        doc.slice(a.at.start, a.at.end),
        doc.slice(a.levelAt.start, a.levelAt.end),
      ]),
    ).toEqual([
      ["READ", "gcloud * list", "@safety READ gcloud * list", "READ"],
      [
        "DESTRUCTIVE",
        "gcloud compute instances delete",
        "<!-- @safety DESTRUCTIVE gcloud compute instances delete -->",
        "DESTRUCTIVE",
      ],
    ]);
    expect(annotations[0]?.at).toEqual(at(15, 41));
    const bad = doc.indexOf("@safety\n") + "@safety".length;
    expect(errors).toEqual([
      {
        code: "RG1008",
        args: { detail: "expected a safety level after '@safety', found end of line" },
        at: at(bad, bad),
      },
    ]);
  });

  it("returns the same annotations as value, so it reads as a ParseResult too", () => {
    const r = findAnnotations(doc);
    expect(r.value).toBe(r.annotations);
  });

  it("reads CRLF line ends and a last line without a newline", () => {
    const r = findAnnotations("x\r\n@safety READ ls\r\n@safety WRITE touch");
    expect(r.errors).toEqual([]);
    expect(r.annotations.map((a) => [a.level, a.command, a.at])).toEqual([
      ["READ", ["ls"], at(3, 18)],
      ["WRITE", ["touch"], at(20, 39)],
    ]);
  });

  it("treats an unclosed fence as running to the end of the document", () => {
    expect(findAnnotations("~~~\n@safety READ ls\n").annotations).toEqual([]);
  });

  it("finds nothing in a document without annotations", () => {
    expect(findAnnotations("# Title\n\nText.\n")).toEqual({ annotations: [], value: [], errors: [] });
  });
});
