import type { StatusView } from "./driver.ts";
import type { CommandSyntax } from "./reason.ts";

/** The `/rules` (pi) and `/rulegate status` (Claude Code) text: what is active, lifted, approved, denied. */
export function renderStatus(s: StatusView, syntax: CommandSyntax): string {
  const lines = [`rulegate: ${s.mode} mode${s.automode ? "" : ", automode OFF (everything is allowed and recorded)"}`];
  lines.push(s.active.length === 0 ? "active rules: none" : "active rules:");
  for (const r of s.active) lines.push(`  ${r.id} (${r.mode})${r.description === "" ? "" : ` — ${r.description}`}`);
  lines.push(`disabled rules: ${s.disabled.length === 0 ? "none" : s.disabled.join(", ")}`);
  lines.push(
    `approved actions: ${s.approved}${s.autoApprove.length === 0 ? "" : `; every call approved for: ${s.autoApprove.join(", ")}`}`,
  );
  lines.push(...planLines(s.plans));
  if (s.denials.length > 0) {
    lines.push("last denials:");
    for (const d of s.denials)
      lines.push(
        `  ${d.tool} ${truncate(d.subject, 80)} — ${d.stage}${d.rules.length > 0 ? ` ${d.rules.join(", ")}` : ""}`,
      );
  }
  if (s.reported.raised.length > 0)
    lines.push(
      `labels the agent reported that raised a level: ${s.reported.raised.map((l) => `${l.command} ${l.level}`).join(", ")}`,
    );
  if (s.reported.ignored.length > 0) {
    lines.push("labels the agent reported that were ignored (a report may only raise a level):");
    for (const l of s.reported.ignored) lines.push(`  ${l.command} ${l.level} (rated ${l.derived})`);
  }
  const blocking = s.active.find((r) => r.mode === "block");
  if (blocking && syntax.command !== null)
    lines.push(`lift a blocking rule: ${syntax.command("disable", blocking.id)}`);
  return lines.join("\n");
}

/** `/plan show` (pi): the open plans, or that there is none. */
export function renderPlans(plans: StatusView["plans"]): string {
  return plans.length === 0 ? "rulegate: no open plan" : planLines(plans).join("\n");
}

function planLines(plans: StatusView["plans"]): string[] {
  const lines: string[] = [];
  for (const p of plans) {
    const state = p.approved === null ? "proposed, not approved yet" : `approved: ${p.approved.join(", ") || "none"}`;
    lines.push(`plan ${p.id} (${state}):`);
    p.steps.forEach((step, i) => {
      const mark = p.done.includes(i) ? " — ran" : p.approved?.includes(i) === true ? " — approved" : "";
      lines.push(`  ${i}. ${truncate(step, 80)}${mark}`);
    });
  }
  return lines;
}

function truncate(s: string, n: number): string {
  return s.length <= n ? s : `${s.slice(0, n - 1)}…`;
}
