import { diagnostic, type Diagnostic, type Span, ownEntry } from "../core/index.ts";
import { LEVELS, type Level, type LevelPolicy } from "./ir.ts";
import { EMPTY, type LevelMap, type Merged } from "./merged.ts";
import type { ListOut, MapOut, RulesFile } from "./schema/index.ts";
import type { Layer } from "./sources.ts";
import type { Located } from "./source.ts";

export const DEFAULTS_MARKER = "$defaults";

/**
 * Layers the sources, lowest first (built-ins ← user ← project ← local ← env). Scalars and level entries
 * override; pattern lists and rules accumulate; list sections replace, with `$defaults` splicing in what
 * the layers below said (ADR 0020). A project layer that would loosen the policy gets an RG3004 instead.
 */
export function mergeLayers(layers: readonly Layer[]): { merged: Merged; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const merged = layers.reduce((acc, layer) => applyLayer(acc, layer, diagnostics), EMPTY);
  return { merged, diagnostics };
}

function applyLayer(m: Merged, layer: Layer, out: Diagnostic[]): Merged {
  const c: RulesFile = layer.config;
  const untrusted = layer.trust === "project";
  const deny = (span: Span, action: string) => out.push(diagnostic("RG3004", span, { action }));
  const spliceList = (
    section: string,
    inherited: readonly Located<string>[],
    list: ListOut<Located<string>> | undefined,
    span: Span | undefined,
  ) => {
    if (!list) return inherited;
    const result = splice(inherited, list, section === "hard_deny");
    if (untrusted && span) {
      const kept = new Set(result.map((l) => l.value));
      const lost = inherited.filter((l) => !kept.has(l.value));
      const removals = list.items.filter((l) => section === "hard_deny" && l.value.startsWith("-"));
      if (removals.length > 0)
        for (const r of removals) deny(r.span, `disable the hard-deny check '${r.value.slice(1)}'`);
      else if (lost.length > 0)
        deny(span, `drop inherited entries of ${section} (keep '${DEFAULTS_MARKER}' in the list)`);
      const inheritedValues = new Set(inherited.map((l) => l.value));
      const added = result.filter((l) => !inheritedValues.has(l.value));
      const loosening: Readonly<Record<string, string>> = {
        read_only_tools: "add read-only tools",
        "classifier.allow": "add classifier allow exceptions",
        "classifier.environment": "add classifier environment lines",
        "paths.workspace": "add workspace directories",
      };
      const action = ownEntry(loosening, section);
      if (action !== undefined) for (const a of added) deny(a.span, `${action} ('${a.value}')`);
    }
    return result;
  };

  let settings = m.settings;
  if (c.settings) {
    const s = c.settings;
    const model = s.model;
    const next = {
      default: s.default?.value ?? settings.default,
      fail: s.fail?.value ?? settings.fail,
      approvalTimeoutMs: s.approval_timeout?.value ?? settings.approvalTimeoutMs,
      denialHistory: s.denial_history?.value ?? settings.denialHistory,
      model: {
        name: model?.name?.value ?? settings.model.name,
        maxTokens: model?.max_tokens?.value ?? settings.model.maxTokens,
        timeoutMs: model?.timeout?.value ?? settings.model.timeoutMs,
      },
      unknownTools: s.unknown_tools?.value ?? settings.unknownTools,
      readOnlyBash: s.read_only_bash?.value ?? settings.readOnlyBash,
    };
    if (untrusted) {
      const changed: [string, Located<unknown> | undefined, unknown, unknown][] = [
        ["default", s.default, next.default, settings.default],
        ["fail", s.fail, next.fail, settings.fail],
        ["approval_timeout", s.approval_timeout, next.approvalTimeoutMs, settings.approvalTimeoutMs],
        ["denial_history", s.denial_history, next.denialHistory, settings.denialHistory],
        ["model.name", model?.name, next.model.name, settings.model.name],
        ["model.max_tokens", model?.max_tokens, next.model.maxTokens, settings.model.maxTokens],
        ["model.timeout", model?.timeout, next.model.timeoutMs, settings.model.timeoutMs],
        ["unknown_tools", s.unknown_tools, next.unknownTools, settings.unknownTools],
        ["read_only_bash", s.read_only_bash, next.readOnlyBash, settings.readOnlyBash],
      ];
      for (const [key, at, now, before] of changed) if (at && now !== before) deny(at.span, `change settings.${key}`);
    } else settings = next;
  }

  let sandbox = m.sandbox;
  if (c.sandbox?.directories) {
    if (untrusted && sandbox !== null) deny(c.sandbox.$span, "change the sandbox set by another rules file");
    else sandbox = c.sandbox.directories.items;
  }

  const perms = c.permissions;
  if (untrusted) for (const a of perms?.allow?.items ?? []) deny(a.span, `add the allow pattern '${a.value}'`);
  if (untrusted) for (const a of perms?.approve?.items ?? []) deny(a.span, `add the approve pattern '${a.value}'`);
  const permissions = {
    deny: [...m.permissions.deny, ...(perms?.deny?.items ?? [])],
    ask: [...m.permissions.ask, ...(perms?.ask?.items ?? [])],
    allow: untrusted ? m.permissions.allow : [...m.permissions.allow, ...(perms?.allow?.items ?? [])],
    approve: untrusted ? m.permissions.approve : [...m.permissions.approve, ...(perms?.approve?.items ?? [])],
  };

  const paths = {
    protected: spliceList("paths.protected", m.paths.protected, c.paths?.protected, c.paths?.$keys.protected),
    credentials: spliceList("paths.credentials", m.paths.credentials, c.paths?.credentials, c.paths?.$keys.credentials),
    workspace: spliceList("paths.workspace", m.paths.workspace, c.paths?.workspace, c.paths?.$keys.workspace),
  };
  const readOnlyTools = spliceList("read_only_tools", m.readOnlyTools, c.read_only_tools, c.$keys.read_only_tools);
  const hardDeny = spliceList("hard_deny", m.hardDeny, c.hard_deny, c.$keys.hard_deny);
  const hardDenyRemovals = [
    ...m.hardDenyRemovals,
    ...(c.hard_deny?.items ?? []).filter((l) => l.value.startsWith("-")),
  ];

  const levels = {
    plan: mergeLevels(m.levels.plan, c.levels?.plan, "plan", untrusted, deny),
    act: mergeLevels(m.levels.act, c.levels?.act, "act", untrusted, deny),
  };

  if (untrusted && c.skills)
    deny(c.$keys.skills ?? c.$span, "declare safety levels in 'skills' (they are trusted input)");
  const skills = untrusted ? m.skills : [...m.skills, ...(c.skills?.items ?? []).map((raw) => ({ raw, layer }))];

  const cl = c.classifier;
  let enabled = m.classifier.enabled;
  if (cl?.enabled) {
    if (untrusted && cl.enabled.value !== enabled)
      deny(cl.enabled.span, cl.enabled.value ? "turn the classifier on" : "turn the classifier off");
    else enabled = cl.enabled.value;
  }
  const classifier = {
    enabled,
    environment: spliceList("classifier.environment", m.classifier.environment, cl?.environment, cl?.$keys.environment),
    allow: spliceList("classifier.allow", m.classifier.allow, cl?.allow, cl?.$keys.allow),
    softDeny: spliceList("classifier.soft_deny", m.classifier.softDeny, cl?.soft_deny, cl?.$keys.soft_deny),
    hardDeny: spliceList("classifier.hard_deny", m.classifier.hardDeny, cl?.hard_deny, cl?.$keys.hard_deny),
  };

  const rules = [...m.rules];
  for (const raw of c.rules?.items ?? []) {
    if (untrusted && raw.mode?.value === "log")
      deny(raw.mode.span, `add the rule '${raw.id?.value ?? "?"}' with mode log`);
    else rules.push({ raw, layer });
  }

  return {
    settings,
    sandbox,
    permissions,
    paths,
    readOnlyTools,
    hardDeny,
    hardDenyRemovals,
    levels,
    skills,
    classifier,
    rules,
  };
}

/** `$defaults` splices `inherited`; `-name` (hard_deny) removes one entry; duplicates are kept once. */
function splice(
  inherited: readonly Located<string>[],
  list: ListOut<Located<string>>,
  removals: boolean,
): Located<string>[] {
  const result: Located<string>[] = [];
  const removed = new Set<string>();
  for (const item of list.items) {
    if (item.value === DEFAULTS_MARKER) result.push(...inherited);
    else if (removals && item.value.startsWith("-")) removed.add(item.value.slice(1));
    else result.push(item);
  }
  const seen = new Set<string>();
  return result.filter((l) => !removed.has(l.value) && !seen.has(l.value) && seen.add(l.value));
}

/** Permissiveness of a level policy; an unnamed level sits with `log` (it adds nothing, but is no fast allow). */
const RANK: Readonly<Record<LevelPolicy, number>> = { allow: 0, log: 1, ask: 2, deny: 3 };

function mergeLevels(
  inherited: LevelMap,
  map: MapOut<Located<LevelPolicy>> | undefined,
  mode: string,
  untrusted: boolean,
  deny: (s: Span, a: string) => void,
): LevelMap {
  if (!map) return inherited;
  const next: Partial<Record<Level, LevelPolicy>> = { ...inherited };
  for (const { key, value } of map.entries) {
    const level = key.value as Level;
    if (!LEVELS.includes(level)) continue;
    const before = inherited[level];
    if (untrusted && RANK[value.value] < (before === undefined ? RANK.log : RANK[before])) {
      deny(value.span, `make ${level} more permissive in ${mode} mode (${before ?? "unset"} → ${value.value})`);
      continue;
    }
    next[level] = value.value;
  }
  return next;
}
