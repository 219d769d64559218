/**
 * Programs whose whole output is shell that sets their own environment variables, printed to be evaluated
 * (docs/adr/0572): `eval "$(ssh-agent -s)"` sets SSH_AUTH_SOCK and SSH_AGENT_PID, `eval "$(direnv export bash)"`
 * the variables of an `.envrc` the user allowed, `eval "$(pyenv init -)"` a PATH entry and a function. The text
 * is not known here, but who wrote it is: the program, from its own state, not the agent. Only the exact idiom
 * counts: one command substitution, nothing else in the word, a listed program with the listed arguments.
 */

/** The emitter invocations, whole: the text inside `$( … )` or backticks. */
const EMITTERS: readonly RegExp[] = [
  /^ssh-agent(?: -[sc])?$/,
  /^direnv (?:export|hook) (?:bash|zsh|sh)$/,
  /^(?:pyenv|rbenv|nodenv|goenv|jenv|plenv|phpenv) init -(?: (?:bash|zsh|sh|--path|--no-rehash))*$/,
  /^pyenv virtualenv-init -$/,
  /^(?:\/opt\/homebrew\/bin\/|\/usr\/local\/bin\/|\/home\/linuxbrew\/\.linuxbrew\/bin\/)?brew shellenv(?: bash| zsh)?$/,
  /^fnm env(?: --use-on-cd| --shell (?:bash|zsh))*$/,
  /^opam env(?: --switch=[\w.-]+)?(?: --set-switch)?$/,
  /^mise (?:activate|env)(?: (?:bash|zsh|-s (?:bash|zsh)))?$/,
  /^(?:zoxide|starship|atuin|mcfly) init (?:bash|zsh)$/,
  /^(?:conda|micromamba) shell\.(?:bash|zsh) hook$/,
  /^keychain --eval(?: --quiet| -q)*(?: [\w.-]+)*$/,
  /^gpg-agent --daemon$/,
  /^dircolors(?: -b)?$/,
  /^luarocks path(?: --bin)?$/,
];

/** The emitter `eval`'s word runs the output of, when the word is exactly that idiom; null otherwise. */
export function envEmitter(raw: string): string | null {
  const m = /^"?(?:\$\(([^()$`"'\\;&|<>]*)\)|`([^()$`"'\\;&|<>]*)`)"?$/.exec(raw.trim());
  if (m === null) return null;
  const inner = (m[1] ?? m[2] ?? "").trim().replace(/\s+/g, " ");
  return EMITTERS.some((e) => e.test(inner)) ? inner : null;
}
