import { ownEntry } from "../../core/index.ts";
/**
 * Walks a tree-sitter-bash tree and reports every simple command that could run, in execution order,
 * with its context. Statements are structural (lists, pipelines, compounds, loops, functions); each
 * simple command goes to the sink, which peels wrappers and recurses into code strings.
 */
import { startsDetached } from "./detached.ts";
import type { SyntaxNode as Node } from "./syntax.ts";
import { parseFileRedirect, parseHeredoc, parseHerestring, type ParsedRedirect, type StdinText } from "./redirects.ts";
import { braceCount, expandBraces } from "./braces.ts";
import { afterFailure } from "./cd-failure.ts";
import { applyEffects } from "./effects.ts";
import type { Scope } from "./scope.ts";
import { freshPath } from "./fresh-path.ts";
import { flattenList, flattenPipeline } from "./shape.ts";
import type { Redirect } from "./types.ts";
import { readLoopPaths, readLoopVariable } from "./read-loop-paths.ts";
import { forLoopInput, ownStdin, readInput, readLoopInput } from "./read-loop-input.ts";
import { eventMonitor, whilePasses } from "./while-passes.ts";
import { literalCalls } from "./function-calls.ts";
import { evalWord, literalWord, splitFields, visitSubstitutions, type Word, type WordEnv } from "./words.ts";

export interface WalkCtx {
  readonly pipeline: { readonly index: number; readonly length: number } | null;
  /** Commands of the previous pipeline stage: what this command reads on stdin. */
  readonly upstream: readonly RawCommand[] | null;
  /** Collects the commands of the current pipeline stage for the next stage's `upstream`. */
  readonly collect: RawCommand[] | null;
  readonly substitution: boolean;
  readonly subshell: boolean;
  readonly background: boolean;
  /** Assignments here may or may not run (branches, `&&`, loops, functions, subshells). */
  readonly conditional: boolean;
  /** Inside a loop's or function's body: it may run again after later assignments changed what it reads (ADR 0683). */
  readonly repeats?: boolean;
  /** Redirects of an enclosing compound statement (`{ a; b; } > out`). */
  readonly redirects: readonly Redirect[];
  readonly stdin: StdinText | null;
  /** Inside the body of a loop whose condition never fails (`while true`): the loop, and whether it was already in the background. */
  readonly endless?: { readonly loop: string; readonly background: boolean; readonly exits?: boolean };
  /** Inside the body of a loop of MANY_JOBS passes or more, short of HUGE_LOOP: the loop, as `endless` is kept. */
  readonly many?: { readonly loop: string; readonly background: boolean };
  /** Inside `$()` or backticks: the shell keeps what the last stage prints, all of it, in memory. */
  readonly captured?: boolean;
  /** Inside a `while read VAR` loop's body: the variable and the input whose lines it holds (docs/adr/0809). */
  readonly readLine?: { readonly name: string; readonly input: string };
  /** Arguments of the next simple command that tree-sitter-bash filed under a trailing redirect (`rm 2>/dev/null -rf /`). */
  readonly args?: readonly Word[];
  /** `set -e` does not end the shell on a failure here: under `!`, or before an `&&`/`||` (docs/adr/0851). */
  readonly errexitIgnored?: boolean;
}

export interface Assignment {
  readonly name: string;
  readonly value: Word;
}

export interface RawCommand {
  readonly words: readonly Word[];
  readonly assignments: readonly Assignment[];
  readonly redirects: readonly Redirect[];
  readonly stdin: StdinText | null;
  readonly ctx: WalkCtx;
}

export interface WalkSink {
  command(raw: RawCommand, scope: Scope): void;
  unanalysable(reason: string): void;
  /** Backticks with escapes inside (`` `a \`b\`` ``) must be unescaped and parsed again, as bash does. */
  reparse(code: string, ctx: WalkCtx): void;
  /** A function's body calls the function in a pipeline or background job: each call forks more (a fork bomb). */
  selfSpawning(name: string): void;
  /** A loop whose condition never fails starts a background job on every pass (`while :; do x & done`). */
  endlessSpawn(loop: string): void;
  /** The shell itself is made to exhaust the machine: a brace expansion of millions of words, hundreds of jobs from a loop. */
  exhausts(reason: string): void;
}

export const ROOT_CTX: WalkCtx = {
  pipeline: null,
  upstream: null,
  collect: null,
  substitution: false,
  subshell: false,
  background: false,
  conditional: false,
  redirects: [],
  stdin: null,
};

const STATEMENTS = new Set([
  "c_style_for_statement",
  "case_statement",
  "command",
  "compound_statement",
  "declaration_command",
  "for_statement",
  "function_definition",
  "if_statement",
  "list",
  "negated_command",
  "pipeline",
  "redirected_statement",
  "subshell",
  "test_command",
  "unset_command",
  "variable_assignment",
  "variable_assignments",
  "while_statement",
  "do_group",
  "elif_clause",
  "else_clause",
  "program",
]);

/** Deeper nesting than this is not a command a person or agent writes; it is an attack on the stack. */
const MAX_NESTING = 200;

type Stage = (ctx: WalkCtx) => void;

export class Walker {
  private nesting = 0;
  /** Functions whose body is being walked, innermost last, with the context their body started in. */
  private readonly functions: { readonly name: string; readonly ctx: WalkCtx }[] = [];
  /** The whole text being walked: where a function's calls are looked for. */
  private root: Node | null = null;

  constructor(
    private readonly scope: Scope,
    private readonly sink: WalkSink,
  ) {}

  walk(root: Node, ctx: WalkCtx): void {
    this.root = root;
    this.statement(root, ctx);
  }

  private env(ctx: WalkCtx): WordEnv {
    return { scope: this.scope, onSubstitution: (node) => this.substitution(node, ctx) };
  }

  private statement(node: Node, ctx: WalkCtx): void {
    if (++this.nesting > MAX_NESTING) {
      this.nesting--;
      this.sink.unanalysable(`nesting deeper than ${MAX_NESTING}`);
      return;
    }
    try {
      this.dispatch(node, ctx);
    } finally {
      this.nesting--;
    }
  }

  private dispatch(node: Node, ctx: WalkCtx): void {
    switch (node.type) {
      case "program":
      case "compound_statement":
      case "do_group":
      case "list":
      case "elif_clause":
      case "else_clause":
        return this.sequence(node, ctx);
      case "negated_command":
        return this.sequence(node, { ...ctx, errexitIgnored: true });
      case "subshell":
        return this.sequence(node, { ...ctx, subshell: true, conditional: true });
      case "if_statement":
        return this.sequence(node, { ...ctx, conditional: true });
      case "while_statement": {
        const loop = endlessLoop(node);
        // A way out written in the body (`break`, `exit`, `return`): the loop may end after all.
        const exits = /\b(?:break|exit|return)\b/.test(node.childForFieldName("body")?.text ?? "");
        // A read loop fed by a lister: the variable is one listed path per pass, as in `for f in GLOB` (ADR 0799).
        // The condition's `read` makes it unknown first (effects.ts): it is set for the body, the last statement.
        const fed = loop === null ? readLoopPaths(...whileHead(node), loopFeeder(node, ctx, this.scope)) : null;
        // Each line of the loop's input is in the variable: a client that sends it sends that input (ADR 0809).
        const lineName = loop === null ? readLoopVariable(...whileHead(node)) : null;
        const lineInput = lineName === null ? null : readLoopInput(node, ctx);
        const readLine =
          lineName === null || lineInput === null ? {} : { readLine: { name: lineName, input: lineInput } };
        const body =
          fed === null
            ? undefined
            : (c: WalkCtx, n: Node): void => {
                this.scope.assignLoop(fed.name, fed.glob, true);
                this.statement(n, c);
                this.scope.assign(fed.name, null, false);
              };
        return this.sequence(
          node,
          {
            ...ctx,
            conditional: true,
            repeats: true,
            ...(loop === null ? whileCtx(node, ctx) : { endless: { loop, background: ctx.background, exits } }),
            ...readLine,
          },
          body,
        );
      }
      case "function_definition": {
        // The body runs whenever the function is called, possibly several times or never.
        const body = node.childForFieldName("body");
        if (body === null) return;
        const bodyCtx: WalkCtx = { ...ctx, conditional: true, repeats: true };
        const name = node.childForFieldName("name")?.text ?? "";
        this.scope.defineFunction(name);
        this.functions.push({ name, ctx: bodyCtx });
        // Called only with literal arguments, the body is read once per call with `$1…`, `$@` bound (ADR 0778).
        const calls = this.root === null ? null : literalCalls(node, name, this.root, this.scope);
        try {
          for (const args of calls ?? [null]) {
            const before = this.scope.bindPositional(args);
            try {
              this.statement(body, bodyCtx);
            } finally {
              this.scope.bindPositional(before);
            }
          }
        } finally {
          this.functions.pop();
        }
        return;
      }
      case "for_statement":
        return this.forStatement(node, ctx);
      case "c_style_for_statement":
        return this.sequence(node, { ...ctx, conditional: true, repeats: true, ...loopCtx(node, ctx) });
      case "case_statement":
        return this.caseStatement(node, ctx);
      case "pipeline":
        return this.pipeline(
          flattenPipeline(node).map((n) => (c: WalkCtx) => this.statement(n, c)),
          ctx,
        );
      case "redirected_statement":
        return this.redirected(node, ctx);
      case "command":
        return this.command(node, ctx);
      case "declaration_command":
        return this.declaration(node, ctx);
      case "unset_command":
        return this.unset(node, ctx);
      case "test_command":
        return this.test(node, ctx);
      case "variable_assignment":
      case "variable_assignments":
        return this.assignments(node, ctx);
      case "ERROR":
        // The analyser reports the parse error; still surface the commands we can see, for deny rules.
        return this.sequence(node, ctx);
      default:
        visitSubstitutions(node, this.env(ctx));
    }
  }

  /** Statements separated by `;`, `&`, `&&`, `||` or newlines, plus expressions (`(( ))`, conditions). */
  private sequence(node: Node, ctx: WalkCtx, last?: (c: WalkCtx, n: Node) => void): void {
    let conditional = ctx.conditional;
    const children = node.type === "list" ? flattenList(node) : node.children;
    const lastStatement = last === undefined ? -1 : children.findLastIndex((c) => c !== null && STATEMENTS.has(c.type));
    // `d=$(mktemp -d) && …`: what the `&&` chain runs runs only where mktemp made the path, so `"$d/b"` is in it
    // (docs/adr/0849); a `||` ends the chain, and so does the end of the list.
    const sure: string[] = [];
    for (let i = 0; i < children.length; i++) {
      const c = children[i];
      if (c === null || c === undefined) continue;
      if (!c.isNamed) {
        if (c.type === "&&" || c.type === "||") conditional = true;
        const made = c.type === "&&" ? freshAssigned(children[i - 1], this.scope) : null;
        if (made !== null) {
          this.scope.setSure(made, true);
          sure.push(made);
        }
        if (c.type === "||") for (const name of sure.splice(0)) this.scope.setSure(name, false);
        // `d=$(mktemp -d) || exit 1`: everything after runs only where mktemp made the path.
        const guarded = c.type === "||" && leaves(children[i + 1]) ? freshAssigned(children[i - 1], this.scope) : null;
        if (guarded !== null) this.scope.setSure(guarded, true);
        continue;
      }
      if (c.type === "comment") continue;
      const background = ctx.background || children[i + 1]?.type === "&";
      // A background job runs in a subshell: its assignments and cd do not reach the next command.
      const isolated = conditional || background;
      // `set -e` leaves alone a failure before `&&`/`||`, in a group there too (`{ cd d; ls; } || true`).
      const ignored = ctx.errexitIgnored === true || children[i + 1]?.type === "&&" || children[i + 1]?.type === "||";
      const cctx =
        background === ctx.background && isolated === ctx.conditional && ignored === (ctx.errexitIgnored === true)
          ? ctx
          : { ...ctx, background, conditional: isolated, errexitIgnored: ignored };
      // `mkdir b && cd b && cmake ..`: the rest of the `&&` chain runs only where that cd went (docs/adr/0852).
      const afterAnds = isolated && !ctx.conditional && !background && onlyAnds(children, i);
      if (i === lastStatement && last !== undefined) last(cctx, c);
      else if (c.type === "command" && afterAnds) this.command(c, cctx, true);
      else if (STATEMENTS.has(c.type) || c.type === "ERROR") this.statement(c, cctx);
      else if (c.type === "file_redirect")
        this.emitRedirectOnly([parseFileRedirect(c, this.env(cctx))], cctx); // `$(< file)`
      else visitSubstitutions(c, this.env(cctx));
      // A `cd` in it that failed leaves what follows in the directory before it, unless it never runs then (ADR 0833).
      const where = { inFunction: this.functions.length > 0, errexitIgnored: ctx.errexitIgnored === true };
      const after = afterFailure(children, i, where, node.type === "compound_statement");
      if (after !== "deferred") this.scope.settleDirs(after);
    }
    for (const name of sure) this.scope.setSure(name, false);
  }

  private substitution(node: Node, outer: WalkCtx): void {
    const ctx: WalkCtx = {
      ...ROOT_CTX,
      substitution: true,
      ...(node.type === "command_substitution" ? { captured: true } : {}),
      subshell: outer.subshell,
      background: outer.background,
      conditional: true,
    };
    if (node.text.startsWith("`") && node.text.slice(1, -1).includes("\\")) {
      this.sink.reparse(node.text.slice(1, -1).replace(/\\([\\$`])/g, "$1"), ctx);
      return;
    }
    this.sequence(node, ctx);
  }

  private pipeline(stages: readonly Stage[], ctx: WalkCtx): void {
    let upstream = ctx.upstream;
    stages.forEach((stage, index) => {
      const collect: RawCommand[] = [];
      // Every stage of a real pipeline runs in a subshell.
      const conditional = ctx.conditional || stages.length > 1;
      stage({ ...ctx, pipeline: { index, length: stages.length }, upstream, collect, conditional });
      if (ctx.collect !== null) ctx.collect.push(...collect);
      upstream = collect;
    });
  }

  private redirected(node: Node, ctx: WalkCtx): void {
    const body = node.childForFieldName("body");
    const env = this.env(ctx);
    const parsed: ParsedRedirect[] = [];
    let tail: Node | null = null;
    let next: { op: string; right: Node } | null = null;
    for (let i = 0; i < node.childCount; i++) {
      const c = node.child(i);
      if (c === null || c === body || !c.isNamed) continue;
      if (c.type === "file_redirect") parsed.push(parseFileRedirect(c, env));
      else if (c.type === "herestring_redirect") parsed.push(parseHerestring(c, env));
      else if (c.type === "heredoc_redirect") {
        parsed.push(parseHeredoc(c, env));
        // tree-sitter puts what follows `<<EOF` on the same line inside the heredoc node.
        for (let j = 0; j < c.childCount; j++) {
          const h = c.child(j);
          const field = c.fieldNameForChild(j);
          if (h === null) continue;
          if (field === "redirect" && h.type === "file_redirect") parsed.push(parseFileRedirect(h, env));
          else if (h.type === "pipeline") tail = h;
          else if (field === "right") next = { op: c.childForFieldName("operator")?.type ?? ";", right: h };
        }
      } else if (c.type !== "comment") visitSubstitutions(c, env);
    }
    const redirects = parsed.map((p) => p.redirect);
    const stdin = parsed.reduce<StdinText | null>((acc, p) => p.stdin ?? acc, null);
    const args = parsed.flatMap((p) => p.args ?? []);
    const withRedirects = (c: WalkCtx): WalkCtx => ({
      ...c,
      redirects: [...c.redirects, ...redirects],
      stdin: stdin ?? c.stdin,
      ...(args.length > 0 ? { args } : {}),
    });
    const bodyStage: Stage = (c) =>
      body === null ? this.emitRedirectOnly(parsed, c) : this.tailStatement(body, c, withRedirects);
    if (tail !== null) {
      this.pipeline([bodyStage, ...flattenPipeline(tail).map((n) => (c: WalkCtx) => this.statement(n, c))], ctx);
    } else {
      bodyStage(ctx);
    }
    if (next !== null)
      this.statement(next.right, next.op === "&&" || next.op === "||" ? { ...ctx, conditional: true } : ctx);
  }

  /**
   * Walks `node` with `wrap` applied to its last command only. tree-sitter-bash binds a trailing redirect
   * to a whole list or pipeline (`cd x && cat y > f`); bash binds it to the last command (`cat y > f`).
   */
  private tailStatement(node: Node, ctx: WalkCtx, wrap: (c: WalkCtx) => WalkCtx): void {
    switch (node.type) {
      case "list":
      case "negated_command":
        return this.sequence(node, ctx, (c, n) => this.tailStatement(n, c, wrap));
      case "pipeline": {
        const stages = flattenPipeline(node);
        const last = stages.length - 1;
        return this.pipeline(
          stages.map((n, i) => (c: WalkCtx) => (i === last ? this.tailStatement(n, c, wrap) : this.statement(n, c))),
          ctx,
        );
      }
      default:
        return this.statement(node, wrap(ctx));
    }
  }

  private emitRedirectOnly(parsed: readonly ParsedRedirect[], ctx: WalkCtx): void {
    this.emit({
      words: [],
      assignments: [],
      redirects: [...ctx.redirects, ...parsed.map((p) => p.redirect)],
      stdin: null,
      ctx,
    });
  }

  /** `afterAnds`: the command runs only after the `&&`s before it in its list succeeded, and nothing else hides it. */
  private command(node: Node, ctx: WalkCtx, afterAnds = false): void {
    const env = this.env(ctx);
    const words: Word[] = [];
    const assignments: Assignment[] = [];
    const parsed: ParsedRedirect[] = [];
    const nested: Node[] = [];
    let lastWordEnd = -1;
    const pushWord = (c: Node, w: Word): void => {
      // tree-sitter-bash splits `r\<newline>m` into two words; bash removes the pair and reads one word.
      const gap = lastWordEnd < 0 ? "" : node.text.slice(lastWordEnd - node.startIndex, c.startIndex - node.startIndex);
      const prev = words.at(-1);
      if (prev !== undefined && /^(\\\r?\n)+$/.test(gap)) {
        words[words.length - 1] = {
          value: prev.value + w.value,
          dynamic: prev.dynamic || w.dynamic,
          raw: prev.raw + gap + w.raw,
          braces: prev.braces === true || w.braces === true,
          glob: prev.glob === true || w.glob === true,
        };
      } else words.push(w);
      lastWordEnd = c.endIndex;
    };
    // An unquoted variable with a known value of several words is those words (`CMD="npm test"; $CMD`).
    // A whole array written out earlier is its elements (ADR 0776), except in a body that may run again after a change.
    const pushWords = (c: Node, w: Node, e: WordEnv): void => {
      const fields = splitFields(w, e, ctx.repeats !== true);
      if (fields === null) pushWord(c, evalWord(w, e));
      else {
        words.push(...fields);
        lastWordEnd = c.endIndex;
      }
    };
    for (let i = 0; i < node.childCount; i++) {
      const c = node.child(i);
      if (c === null) continue;
      const field = node.fieldNameForChild(i);
      if (c.type === "variable_assignment") assignments.push(this.assignment(c, env));
      else if (field === "name") pushWords(c, c.firstNamedChild ?? c, env);
      else if (c.type === "file_redirect") {
        const r = parseFileRedirect(c, env);
        parsed.push(r);
        for (const w of r.args ?? []) words.push(w);
      } else if (c.type === "herestring_redirect") parsed.push(parseHerestring(c, env));
      else if (c.type === "heredoc_redirect") parsed.push(parseHeredoc(c, env));
      else if (field === "argument") {
        // `$"..."` (translated string) comes as a bare `$` then the string.
        if (!c.isNamed && c.text === "$" && c.nextSibling?.type === "string") continue;
        if (isDescriptor(c)) continue;
        pushWords(c, c, env);
      } else if (STATEMENTS.has(c.type))
        nested.push(c); // `time ( rm x )`: the grammar nests the subshell here
      else if (c.isNamed && c.type !== "comment") visitSubstitutions(c, env);
    }
    words.push(...(ctx.args ?? []));
    this.hugeBraces(words);
    const { args: _given, ...own } = ctx;
    const stdin = parsed.reduce<StdinText | null>((acc, p) => p.stdin ?? acc, null);
    const raw: RawCommand = {
      words: words.flatMap(braceExpand),
      assignments,
      redirects: [...own.redirects, ...parsed.map((p) => p.redirect)],
      stdin: stdin ?? own.stdin,
      ctx: own,
    };
    this.emit(raw);
    applyEffects(this.scope, words, ctx.conditional, afterAnds);
    // `read -r tok < notes.txt`, `mapfile -t a < <(git log)`: the names hold lines of that input (docs/adr/0811).
    const lines = readInput(raw);
    if (lines !== null) for (const name of lines.names) this.scope.assignLines(name, lines.input);
    for (const n of nested) this.statement(n, own);
  }

  private assignment(node: Node, env: WordEnv): Assignment {
    const nameNode = node.childForFieldName("name");
    const name = nameNode?.text ?? "";
    // `a[$(cmd)]=1`: the subscript is expanded before the assignment, running its substitutions.
    if (nameNode !== null && nameNode.type !== "variable_name") visitSubstitutions(nameNode, env);
    const valueNode = node.childForFieldName("value");
    const value = valueNode === null ? literalWord("") : evalWord(valueNode, env);
    return { name, value };
  }

  private assignments(node: Node, ctx: WalkCtx): void {
    const env = this.env(ctx);
    const nodes =
      node.type === "variable_assignment"
        ? [node]
        : node.namedChildren.filter((c) => c?.type === "variable_assignment");
    const assignments: Assignment[] = [];
    for (const n of nodes) {
      if (n === null) continue;
      const a = this.assignment(n, env);
      assignments.push(a);
      this.assignVariable(n, a, ctx);
    }
    this.emit({ words: [], assignments, redirects: ctx.redirects, stdin: null, ctx });
  }

  /** `plain` is false for `declare`/`local`/`export`, whose options may change what the name means (`-n`, `-i`). */
  private assignVariable(node: Node, a: Assignment, ctx: WalkCtx, plain = true): void {
    const nameNode = node.childForFieldName("name");
    // `a[1]=x`: one element changed, so neither the array nor `$a` (its first element) is known any more.
    if (nameNode?.type === "subscript") {
      const base = nameNode.childForFieldName("name") ?? nameNode.namedChild(0);
      if (base?.type === "variable_name") this.scope.assign(base.text, null, false);
      return;
    }
    if (nameNode?.type !== "variable_name") return;
    const append = node.children.some((c) => c?.type === "+=");
    // `while :; do x=$x$x; done`: a variable that grows from itself on every pass of a loop with no way out.
    if (ctx.endless !== undefined && ctx.endless.exits === false && (append || refersTo(a))) {
      this.sink.exhausts(`\`${node.text}\` grows on every pass of \`${ctx.endless.loop}\`, which never ends`);
    }
    const valueNode = node.childForFieldName("value");
    if (valueNode?.type === "array") {
      this.scope.assignArray(
        a.name,
        plain && !append ? writtenElements(valueNode, this.scope) : null,
        !ctx.conditional,
      );
      return;
    }
    // `t=$(mktemp)`, `t="$(mktemp -d)"`: a fresh path in the directory mktemp uses, and `u=$t` a copy of one; both
    // may be empty instead, so `t+=/x` is unknown (docs/adr/0794).
    const fresh = !plain || append || valueNode === null ? null : (freshPath(valueNode, this.scope) ?? copied(a));
    if (fresh !== null) {
      this.scope.assignFresh(a.name, fresh, !ctx.conditional);
      return;
    }
    const old = append ? (this.scope.isFresh(a.name) ? null : this.scope.lookup(a.name)) : "";
    const value = a.value.dynamic || old === null ? null : old + a.value.value;
    // Text written out in the assignment, not read through an expansion or a substitution (`$'..'` is quoting).
    const written = plain && !append && writtenText(a.value.raw);
    this.scope.assign(a.name, value, !ctx.conditional, written);
  }

  private declaration(node: Node, ctx: WalkCtx): void {
    const env = this.env(ctx);
    const words: Word[] = [literalWord(node.child(0)?.text ?? "declare")];
    const assignments: Assignment[] = [];
    for (const c of node.namedChildren) {
      if (c === null || c.type === "comment") continue;
      if (c.type === "variable_assignment") {
        const a = this.assignment(c, env);
        assignments.push(a);
        this.assignVariable(c, a, ctx, false);
        words.push({ value: `${a.name}=${a.value.value}`, dynamic: a.value.dynamic, raw: c.text });
      } else if (c.type === "variable_name") words.push(literalWord(c.text));
      else words.push(evalWord(c, env));
    }
    // A name reference (`declare -n ref=x`) makes an assignment to one name change another.
    if (words.some((w) => w.dynamic || /^-[A-Za-z]*n/.test(w.value))) this.scope.namesMayAlias();
    this.emit({ words, assignments, redirects: ctx.redirects, stdin: ctx.stdin, ctx });
  }

  private unset(node: Node, ctx: WalkCtx): void {
    const env = this.env(ctx);
    const words: Word[] = [literalWord("unset")];
    for (const c of node.namedChildren) {
      if (c === null || c.type === "comment") continue;
      const w = c.type === "variable_name" ? literalWord(c.text) : evalWord(c, env);
      words.push(w);
      if (!w.dynamic && !w.value.startsWith("-")) this.scope.assign(w.value, "", !ctx.conditional);
    }
    this.emit({ words, assignments: [], redirects: ctx.redirects, stdin: ctx.stdin, ctx });
  }

  /** `[[ -f x ]]` / `[ -f x ]` → program "[[" / "[" with the operands and operators as arguments. */
  private test(node: Node, ctx: WalkCtx): void {
    const env = this.env(ctx);
    const open = node.child(0)?.text ?? "[[";
    const words: Word[] = [literalWord(open)];
    const visit = (n: Node): void => {
      if (
        [
          "binary_expression",
          "unary_expression",
          "parenthesized_expression",
          "ternary_expression",
          "postfix_expression",
        ].includes(n.type)
      ) {
        for (const c of n.children) if (c !== null) visit(c);
      } else if (n.type === "redirected_statement") this.statement(n, ctx);
      else if (!n.isNamed || n.type === "test_operator" || n.type === "regex" || n.type === "extglob_pattern")
        words.push(literalWord(n.text));
      else words.push(evalWord(n, env));
    };
    for (let i = 1; i < node.childCount - 1; i++) {
      const c = node.child(i);
      if (c !== null) visit(c);
    }
    this.emit({ words, assignments: [], redirects: ctx.redirects, stdin: ctx.stdin, ctx });
  }

  private forStatement(node: Node, ctx: WalkCtx): void {
    const env = this.env(ctx);
    const variable = node.childForFieldName("variable");
    const values = node.childrenForFieldName("value").flatMap((v) => (v === null ? [] : [evalWord(v, env)]));
    this.hugeBraces(values);
    // Over one literal word the variable is known in the body (docs/adr/0339): `for f in docs/*.md` is the glob's
    // paths. Several words, an expansion or braces keep it unknown.
    const only = values.length === 1 ? values[0]! : null;
    const known = only !== null && !only.dynamic && only.braces !== true && !/\s/.test(only.value) ? only : null;
    if (variable !== null) {
      if (known !== null) this.scope.assignLoop(variable.text, known.value, known.glob === true);
      else this.scope.assign(variable.text, null, false);
    }
    // Over `$(CMD)` the variable holds the words CMD prints: a client that sends it sends them (docs/adr/0810).
    const input = variable === null ? null : forLoopInput(values);
    const readLine = input === null || variable === null ? {} : { readLine: { name: variable.text, input } };
    const body = node.childForFieldName("body");
    if (body !== null)
      this.statement(body, { ...ctx, conditional: true, repeats: true, ...loopCtx(node, ctx), ...readLine });
    // After the loop the variable holds the last value, or what it held before when nothing matched.
    if (variable !== null && known !== null) this.scope.assign(variable.text, null, false);
  }

  private caseStatement(node: Node, ctx: WalkCtx): void {
    const env = this.env(ctx);
    const value = node.childForFieldName("value");
    if (value !== null) evalWord(value, env);
    for (const item of node.namedChildren) {
      if (item?.type === "case_item") this.sequence(item, { ...ctx, conditional: true });
    }
  }

  private emit(raw: RawCommand): void {
    raw.ctx.collect?.push(raw);
    this.selfCall(raw);
    const endless = raw.ctx.endless;
    // A detached container outlives its command like a `&` job (docs/adr/0387).
    const detached = raw.ctx.background || startsDetached(raw.words);
    if (endless !== undefined && detached && !endless.background && raw.words.length > 0)
      this.sink.endlessSpawn(endless.loop);
    const many = raw.ctx.many;
    if (many !== undefined && endless === undefined && detached && !many.background && raw.words.length > 0)
      this.sink.exhausts(
        `\`${many.loop}\` starts a background job on each of its passes, more than the machine has cores`,
      );
    this.sink.command(raw, this.scope);
  }

  /** A brace expansion of HUGE_EXPANSION words or more: bash builds every word in memory before anything runs. */
  private hugeBraces(words: readonly Word[]): void {
    for (const w of words) {
      if (w.braces !== true) continue;
      const count = braceCount(w.value);
      if (count >= HUGE_EXPANSION)
        this.sink.exhausts(`${w.raw} expands to ${count.toLocaleString("en-US")} words, all held in memory`);
    }
  }

  /**
   * A call of an enclosing function from its own body that forks: a pipeline stage or a background job
   * started inside the body. Plain recursion and `( f )` are left alone (recursive tree walkers use them).
   */
  private selfCall(raw: RawCommand): void {
    const head = raw.words[0];
    if (head === undefined || head.dynamic) return;
    const fn = this.functions.findLast((f) => f.name === head.value);
    if (fn === undefined) return;
    const background = raw.ctx.background && !fn.ctx.background;
    const piped = raw.ctx.pipeline !== fn.ctx.pipeline && raw.ctx.pipeline !== null && raw.ctx.pipeline.length > 1;
    if (background || piped) this.sink.selfSpawning(fn.name);
  }
}

/** The value reads the variable it is assigned to (`x=$x$x`, `x="${x}y"`). */
function refersTo(a: Assignment): boolean {
  return new RegExp(String.raw`\$(?:\{)?${a.name}(?![A-Za-z0-9_])`).test(a.value.raw);
}

/** Conditions that never fail (`while true`, `while :`, `while [ 1 ]`) and never succeed (`until false`). */
const ALWAYS: Readonly<Record<string, ReadonlySet<string>>> = {
  while: new Set(["true", ":", "/bin/true", "/usr/bin/true", "[ 1 ]", "[[ 1 ]]", "((1))", "(( 1 ))", "test 1"]),
  until: new Set(["false", "/bin/false", "/usr/bin/false", "! true", "! :", "((0))", "(( 0 ))"]),
};

/**
 * `sleep 0`, `sleep 0.1`, `sleep .5s`: a pause of less than a second always succeeds and waits for nothing, so a
 * `while` on it never ends and turns as fast as `while :` (docs/adr/0560). `while sleep 5` is a polling loop.
 */
const NO_REAL_PAUSE = /^sleep\s+(?:0*\.\d*|0+)s?$/;

/** `while true` / `until false` as written, when the loop's condition is constant; else null. */
function endlessLoop(node: Node): string | null {
  const keyword = node.child(0)?.type ?? "";
  const condition = node.childForFieldName("condition")?.text.trim() ?? "";
  if (keyword === "while" && NO_REAL_PAUSE.test(condition)) return `${keyword} ${condition}`;
  return ownEntry(ALWAYS, keyword)?.has(condition) === true ? `${keyword} ${condition}` : null;
}

/** More passes than any process limit allows jobs at once: a loop this long that backgrounds a job is a fork bomb. */
export const HUGE_LOOP = 10_000;

/** More parallel jobs than any workstation or CI runner has cores (docs/adr/0317, 0350). */
export const MANY_JOBS = 256;

/** Words of one brace expansion past which bash's memory runs out (a million take about 300 MB): docs/adr/0420. */
export const HUGE_EXPANSION = 10_000_000;

/** Whether every operator before statement `i` of a list is `&&`: it runs only if all before it succeeded. */
function onlyAnds(children: readonly (Node | null)[], i: number): boolean {
  return children.slice(0, i).every((c) => c === null || c.isNamed || c.type === "&&");
}

/** The context a `for` body runs in: `endless` past HUGE_LOOP passes (ADR 0203), `many` past MANY_JOBS (ADR 0420). */
function loopCtx(node: Node, ctx: WalkCtx): Partial<WalkCtx> {
  const loop = loopPasses(node);
  if (loop === null) return {};
  if (loop.passes >= HUGE_LOOP) return { endless: { loop: loop.header, background: ctx.background } };
  if (loop.passes >= MANY_JOBS) return { many: { loop: loop.header, background: ctx.background } };
  return {};
}

/** A `while`/`until` loop's keyword and its condition as written. */
function whileHead(node: Node): [string, string] {
  return [node.child(0)?.type ?? "", node.childForFieldName("condition")?.text.trim() ?? ""];
}

/**
 * What a loop reads its lines from (docs/adr/0799): the pipe's last stage, or the one command of its only stdin
 * redirect when that is `< <(COMMAND)`, as words. Null when it reads something else or this cannot be said.
 */
function loopFeeder(node: Node, ctx: WalkCtx, scope: Scope): readonly RawCommand[] | null {
  const own = ownStdin(node);
  // A redirect tree-sitter binds to the whole pipeline is the loop's own for bash (tailStatement): no pipe then.
  const redirected =
    ctx.stdin !== null || ctx.redirects.some((r) => (r.fd === 0 || r.fd === null) && r.mode === "read");
  if (own.length === 0) return redirected ? null : ctx.upstream;
  const source = own.length === 1 ? own[0]!.childForFieldName("destination") : null;
  if (source?.type !== "process_substitution") return null;
  const inner = source.namedChildren.filter((c): c is Node => c !== null && c.type !== "comment");
  if (inner.length !== 1 || inner[0]!.type !== "command") return null;
  const quiet: WordEnv = { scope, onSubstitution: () => undefined };
  const words: Word[] = [];
  for (let i = 0; i < inner[0]!.childCount; i++) {
    const c = inner[0]!.child(i);
    const field = inner[0]!.fieldNameForChild(i);
    if (c === null || (!c.isNamed && field === null)) continue;
    if (field === "name") words.push(evalWord(c.firstNamedChild ?? c, quiet));
    else if (field === "argument") words.push(evalWord(c, quiet));
    else return null; // an assignment or a redirect changes what it prints or where
  }
  return [{ words, assignments: [], redirects: [], stdin: null, ctx }];
}

/** The context a counted or fed `while` body runs in, as loopCtx gives a `for` body's (docs/adr/0653). */
function whileCtx(node: Node, ctx: WalkCtx): Partial<WalkCtx> {
  const [keyword, condition] = whileHead(node);
  const passes = whilePasses(keyword, condition, ctx.upstream);
  const loop = `${keyword} ${condition}`.replace(/[;\s]+$/, "");
  // A `read` loop fed by a monitor runs a pass per event for as long as it runs, paced by the events: a job started
  // in the background on each pass piles up without end (docs/adr/0749). Named with its producer, so the loop
  // checks of spinning loops (a file made on every pass) do not take it for one.
  const monitor = passes === null ? eventMonitor(keyword, condition, ctx.upstream) : null;
  if (monitor !== null) return { endless: { loop: `${monitor} | ${loop}`, background: ctx.background } };
  if (passes === null) return {};
  if (passes >= HUGE_LOOP) return { endless: { loop, background: ctx.background } };
  if (passes >= MANY_JOBS) return { many: { loop, background: ctx.background } };
  return {};
}

/**
 * How many passes a `for` loop runs, as written: over `$(seq …)` or `{a..b}` (ADR 0203), or a C-style loop with
 * no condition (Infinity) or a numeric bound (`for ((i=0;i<1000000;i++))`). Null when it cannot be read.
 */
function loopPasses(node: Node): { header: string; passes: number } | null {
  const body = node.childForFieldName("body");
  const header = node.text
    .slice(0, body === null ? undefined : body.startIndex - node.startIndex)
    .trim()
    .replace(/[;\s]+$/, "");
  if (node.type === "c_style_for_statement") {
    const m = /\(\(([^;]*);([^;]*);/.exec(header);
    if (m === null) return null;
    if (m[2]!.trim() === "") return { header, passes: Number.POSITIVE_INFINITY };
    const bound = /[<>]=?\s*(\d+)\s*$/.exec(m[2]!.trim());
    return bound === null ? null : { header, passes: Number(bound[1]) };
  }
  let passes = 0;
  for (const v of node.childrenForFieldName("value")) {
    const text = v?.text ?? "";
    const seq = /^["']?\$\(\s*seq\s+([^)]*)\)["']?$/.exec(text);
    const nums = (seq?.[1] ?? "").split(/\s+/).filter((x) => /^-?\d+$|^inf$/i.test(x));
    if (seq !== null && nums.some((x) => /^inf$/i.test(x))) return { header, passes: Number.POSITIVE_INFINITY };
    if (seq !== null) passes += Math.max(0, ...nums.map((x) => Math.abs(Number(x))));
    else if (v?.type === "word" || v?.type === "concatenation" || v?.type === "brace_expression")
      passes += /[{]/.test(text) ? braceCount(text) : 1;
    else passes += 1;
  }
  return passes > 0 ? { header, passes } : null;
}

/** `{rm,-rf,/}` is three words to bash. Braces mixed with quotes or expansions are not modelled: dynamic. */
function braceExpand(w: Word): Word[] {
  if (w.braces !== true) return [w];
  if (w.dynamic || /['"\\$`]/.test(w.raw)) return [{ ...w, dynamic: true }];
  const expanded = expandBraces(w.value);
  if (expanded === null) return [{ ...w, dynamic: true }];
  return expanded.map((value) => ({ value, dynamic: false, raw: w.raw }));
}

const REDIRECTS: ReadonlySet<string> = new Set(["file_redirect", "herestring_redirect", "heredoc_redirect"]);

/**
 * tree-sitter-bash reads the `0` of `sh 0</tmp/f` as a number argument, then a redirect without a descriptor;
 * for bash it is the descriptor. A number that a redirect follows without a blank is not an argument.
 */
function isDescriptor(c: Node): boolean {
  if (c.type !== "number" || !/^\d+$/.test(c.text)) return false;
  // The redirect is the next sibling of the number or of an ancestor it ends (a list or command the grammar closed).
  for (let n: Node | null = c; n !== null && n.endIndex === c.endIndex; n = n.parent) {
    const next = n.nextSibling;
    if (next !== null) return REDIRECTS.has(next.type) && next.startIndex === c.endIndex;
  }
  return false;
}

/** Text written out, not read through an expansion or a substitution (`$'..'` is quoting). */
/** The name a lone `NAME=$(mktemp …)` statement gave a fresh path (its status is mktemp's), or null. */
function freshAssigned(node: Node | null | undefined, scope: Scope): string | null {
  if (node?.type !== "variable_assignment") return null;
  const name = node.childForFieldName("name")?.text;
  return name !== undefined && scope.holdsFresh(name) ? name : null;
}

/** `exit …` or `return …`: a statement after which nothing of the string runs. */
function leaves(node: Node | null | undefined): boolean {
  if (node?.type !== "command") return false;
  const name = node.childForFieldName("name")?.text;
  return name === "exit" || name === "return";
}

/** `u=$t` or `u="$t"` where `$t` holds a `$(mktemp)` path: that path. */
function copied(a: Assignment): string | null {
  return a.value.fresh === true ? a.value.value : null;
}

function writtenText(raw: string): boolean {
  return !/[$`]/.test(raw.replace(/\$'(?:[^'\\]|\\.)*'/g, ""));
}

/**
 * The elements of `name=(…)` when each is literal text with no glob or braces, which bash would turn into file names
 * or several words (`c=(npm run test)`); null otherwise (ADR 0776).
 */
function writtenElements(array: Node, scope: Scope): string[] | null {
  const quiet: WordEnv = { scope, onSubstitution: () => undefined };
  const elements: string[] = [];
  for (const c of array.namedChildren) {
    if (c === null || c.type === "comment") continue;
    if (!writtenText(c.text)) return null;
    const w = evalWord(c, quiet);
    if (w.dynamic || w.glob === true || w.braces === true || /[*?[]|[@!+]\(/.test(w.value)) return null;
    elements.push(w.value);
  }
  return elements;
}
