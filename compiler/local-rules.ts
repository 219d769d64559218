import { isMap, isScalar, isSeq, parseDocument, Scalar } from "yaml";

/** One "always" answer to store: the pattern, and the comment that says when and why. */
export interface LearnedApproval {
  readonly pattern: string;
  /** One line: when the human answered, and the call and gates it was for. */
  readonly comment: string;
}

/**
 * The local rules file (`.rulegate/rules.local.yaml`, the user's own) with one more `permissions.approve`
 * pattern, its comment above it; the rest of the file as written, comments included. `text` null: the file
 * does not exist yet. A pattern already there is not added twice. null when the text is not a YAML mapping
 * this can add to (then nothing is written: the human fixes the file).
 */
export function withApproval(text: string | null, learned: LearnedApproval): string | null {
  const doc = parseDocument(text ?? "version: 1\n");
  if (doc.errors.length > 0 || !isMap(doc.contents)) return null;
  if (text === null)
    doc.commentBefore =
      ' Your own rules for this project (keep it out of version control). rulegate adds the calls you approve "always" below.';
  if (!doc.has("version")) doc.set("version", 1);
  const permissions = doc.get("permissions", true);
  if (permissions === undefined || permissions === null || (isScalar(permissions) && permissions.value === null))
    doc.set("permissions", doc.createNode({}));
  else if (!isMap(permissions)) return null;
  const existing = doc.getIn(["permissions", "approve"], true);
  if (existing === undefined || existing === null || (isScalar(existing) && existing.value === null))
    doc.setIn(["permissions", "approve"], doc.createNode([]));
  else if (!isSeq(existing)) return null;
  const approve = doc.getIn(["permissions", "approve"], true);
  if (!isSeq(approve)) return null;
  if (approve.items.some((i) => (isScalar(i) ? i.value : i) === learned.pattern)) return doc.toString();
  const item = new Scalar(learned.pattern);
  item.type = Scalar.QUOTE_DOUBLE;
  item.commentBefore = ` ${learned.comment.replace(/\s*\n\s*/g, " ")}`;
  approve.items.push(item);
  return doc.toString();
}
