/** The result of analysing one bash command string: the simple commands that would run, and findings. */

export type RedirectMode = "read" | "write" | "append" | "readwrite" | "dup" | "heredoc" | "herestring";

export interface Redirect {
  readonly op: string; // as written: ">", ">>", "<", "&>", "2>", ">|", "<>", ...
  readonly mode: RedirectMode;
  readonly fd: number | null;
  /** The target word, unquoted; null for a heredoc body or a dynamic target (then `dynamic` is true). */
  readonly target: string | null;
  readonly dynamic: boolean;
  /** A dynamic target's text, expansions as written (`$OUT/x.log`): what is known of where it points. */
  readonly written?: string;
}

export interface CommandContext {
  /** Position in a pipeline (`a | b | c` → 0,1,2 of 3); null when not in a pipeline. */
  readonly pipeline: { readonly index: number; readonly length: number } | null;
  /** Inside `$()`, backticks, `<()` or `>()`. */
  readonly substitution: boolean;
  readonly subshell: boolean;
  readonly background: boolean;
  /** Wrappers peeled to reach this command, outermost first, e.g. ["sudo", "bash -c"]. */
  readonly wrappers: readonly string[];
  /** Data piped from earlier stages is executed as code by this command (`| sh`, `| python`). */
  readonly executesStdin: boolean;
  /** A wrapper appends arguments it reads from stdin (`xargs`, `parallel`): arguments nobody sees here. */
  readonly argsFromStdin: boolean;
  /**
   * Inside the body of a loop that does not end on its own or runs past any process limit (`while true`,
   * `for ((;;))`, `for i in $(seq 1 1000000)`): its header as written. Absent otherwise.
   */
  readonly loop?: string;
  /** Inside `$()` or backticks: what the last stage of that pipeline prints is kept by the shell, all of it. */
  readonly captured?: boolean;
  /**
   * Variables that hold lines or words of an input, each with that input as written (`src/app.py`, `<(git log -p)`,
   * `tail -f log`): a `while read VAR` loop's variable in its body (docs/adr/0809), a `for VAR in $(CMD)` loop's
   * (0810), a name `read`/`mapfile` filled earlier (0811). Absent when none, or the input is text written in the
   * command (a heredoc, a here-string, a literal `printf`).
   */
  readonly readLines?: readonly {
    readonly name: string;
    readonly input: string;
    /** The literal word a wrapper replaces with each line (`xargs -I{} curl https://h/{} < f`), instead of `$name`. */
    readonly token?: string;
  }[];
}

export interface SimpleCommand {
  /** Normalized program name: basename, quotes and escapes removed, `$'..'` decoded (`/bin/rm`, `\rm` → `rm`). "" for a pure assignment. */
  readonly program: string;
  /** The program word as written, unquoted, when it names a file by path (`./install.sh`, `/tmp/x`); absent for a bare name. */
  readonly programPath?: string;
  /** Arguments after the program, unquoted literal text, as written otherwise. */
  readonly args: readonly string[];
  /** Flags normalized: `-fr` → ["-f","-r"], long options kept (`--force`), values after `=` dropped. Program-specific aliasing happens in classification. */
  readonly flags: readonly string[];
  readonly assignments: readonly { readonly name: string; readonly value: string }[];
  readonly redirects: readonly Redirect[];
  readonly context: CommandContext;
  /** Program and args joined by one space: what permission patterns match. */
  readonly text: string;
  /** Some argument depends on an expansion whose value is unknown (`$VAR`, `$(...)`, globs are not dynamic). */
  readonly dynamicArgs: boolean;
  /**
   * What the command reads on stdin when that is not the terminal: the text when it is known here (a heredoc, a
   * here-string, a literal `echo`/`printf` piped in), null when it is not (a file, another command's output).
   * Absent: stdin is not redirected. Knowledge reads it like an argument (SQL fed to `psql` on stdin).
   */
  readonly stdin?: {
    readonly text: string | null;
    /** When the text is not known but a lister prints it: the path globs it prints (listed-paths.ts, ADR 0626). */
    readonly listed?: readonly string[];
  };
  /**
   * Where the command runs when this command string changed it (`cd dir && …`, `git -C dir`, `env -C dir`,
   * `sudo -D dir`): the directory as written, unquoted, relative to the agent's cwd unless absolute or `~…`.
   * null: changed to a directory that cannot be known (`cd "$X"`, `cd -`, a `cd` in a branch). Absent: unchanged.
   */
  readonly workdir?: string | null;
  /**
   * With workdir null: the directory is the top of the repository the agent's cwd is in, printed by
   * `git rev-parse --show-toplevel`: the cwd itself or one of its ancestors, never anywhere else (docs/adr/0775).
   */
  readonly workdirAncestor?: true;
  /** Global options removed so the subcommand follows the program (`git -c k=v push` → `git push`), as written; absent when none. */
  readonly droppedOptions?: readonly string[];
  /** Indexes into `args` of the words with an unquoted glob (`*.ts`, not `'*.ts'`): bash expands those. Absent when none. */
  readonly globArgs?: readonly number[];
  /**
   * The program name as written when a substitution that prints a literal (`$(echo ls)`) or a variable written
   * out earlier (`x=ls; $x`, docs/adr/0683) gave it: read, but
   * hidden from a reader of the text; what it hides decides whether that counts as opaque (docs/adr/0167).
   */
  readonly hiddenName?: string;
  /** Indexes into `args` of the words whose value depends on an expansion unknown here (`"$F"`, `$(…)`). Absent when none. */
  readonly unknownArgs?: readonly number[];
}

/** One effect of interpreter code, with the level it carries and the category it adds (code-effects.ts). */
export interface CodeEffect {
  readonly what: string;
  readonly level: "DESTRUCTIVE" | "SECURITY";
  readonly category: string;
}

export type ShellFinding =
  /** Fail closed: parse error (ERROR/MISSING), a program name from a variable, recursion past the cap, ... */
  | { readonly kind: "unanalysable"; readonly reason: string }
  /** Unknown code is executed: pipe into a shell/interpreter, decode-and-execute, `eval` of dynamic text. */
  | { readonly kind: "executes-unknown-code"; readonly reason: string }
  /** An interpreter one-liner (`python -c`, `node -e`, `perl -e`, `ruby -e`); `destructive` names what was spotted inside. */
  | {
      readonly kind: "interpreter-code";
      readonly language: string;
      readonly code: string;
      readonly destructive: readonly string[];
      /** What the code does that no shell command spells (code-effects.ts): SDK deletes, sends, native code, bombs. */
      readonly effects?: readonly CodeEffect[];
      /** Literal paths the code deletes, read precisely (code-commands.ts); their `rm` is analysed as bash. */
      readonly deletes?: readonly string[];
    }
  /** A function whose body runs the function itself in a pipeline or background job (`:(){ :|:& };:`): every call forks more. */
  | { readonly kind: "self-spawning-function"; readonly name: string }
  /** A loop that never ends starts a background job on every pass (`while :; do x & done`): processes without bound. */
  | { readonly kind: "endless-spawn"; readonly loop: string }
  /** A wrapper that starts jobs without a limit or past any machine's cores (`xargs -P 0`, `parallel -j0`): its option. */
  | { readonly kind: "many-jobs"; readonly jobs: string }
  /**
   * The shell is made to exhaust the machine by the string's own structure: a brace expansion of millions of
   * words, hundreds of background jobs from one loop, a job left running for every file find or xargs hands over.
   */
  | { readonly kind: "exhausts"; readonly reason: string };

export interface ShellAnalysis {
  readonly source: string;
  /** The source with blanks and the quoting of literal words normalized, comments dropped (read off the tree): signatures use it. */
  readonly normalized: string;
  readonly commands: readonly SimpleCommand[];
  readonly findings: readonly ShellFinding[];
  /** True when any finding is `unanalysable`: never matches an allow, counts as a hit for every deny/ask that could apply. */
  readonly unanalysable: boolean;
}
