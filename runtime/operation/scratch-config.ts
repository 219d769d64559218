/**
 * Settings that make a tool load its configuration, startup file or modules from scratch space (docs/adr/0721):
 * `PHPRC=/tmp/php.ini php -v`, `R_PROFILE_USER=/tmp/p.R Rscript x.R`, `LUA_CPATH='/tmp/?.so' lua …`,
 * `JUPYTER_CONFIG_DIR=/tmp/jc jupyter …`, `OPENSSL_MODULES=/tmp/ossl curl …`, `MAVEN_ARGS='-s /tmp/settings.xml'`.
 * Such files run code (php's `auto_prepend_file`, R's profile, a shared module, a settings file's repositories)
 * and anyone may have written them: a temp folder is where a dropped payload waits. The rule is by the kind of name,
 * not a list of tools: a name that says configuration, startup file, module or library path, or a tool's home,
 * whose value has an entry in scratch space. Caches, outputs and temp folders themselves are not named so.
 */

/** World-writable scratch space, spelled literally or through `$TMPDIR`. */
export const SCRATCH = /^['"]?(?:\/tmp\/|\/var\/tmp\/|\/dev\/shm\/|\/private\/tmp\/|\$\{?TMPDIR\}?\/)/;

/**
 * Upper-case names of settings that a tool loads code or configuration from: rc files and rc paths (`PSQLRC`,
 * `HGRCPATH`), `…_CONF`/`…_CONFIG…` and `…_SETTINGS`, php's ini files, profiles (`R_PROFILE_USER`), library and module
 * paths (`R_LIBS_USER`, `ANSIBLE_LIBRARY`, `GTK_MODULES`, `LUA_CPATH`), data and plugin folders searched for code
 * (`XDG_DATA_DIRS`, `ASDF_DATA_DIR`), depots, and a tool's home or env file (`PRE_COMMIT_HOME`, `GOENV`, `DENO_DIR`).
 */
const CONFIG_NAME =
  /(?:RC|RCPATH|RC_?FILE|_CONF|CONFIG|CONFIG_?(?:FILE|DIR|PATH|HOME)|_SETTINGS|_INI|_INI_SCAN_DIR|_PROFILE(?:_USER|_SITE)?|_LIBS?(?:_USER|_SITE)?|_LIBRARY(?:_PATH)?|_MODULES?(?:_PATH)?|_PLUGINS?(?:_PATH|_DIR)?|_DATA_DIRS?|_DATA_HOME|_DEPOT_PATH|^LUA_C?PATH(?:_\d_\d)?|_HOME|^GOENV|^DENO_DIR|^IPYTHONDIR)$/;
/** Names of scratch space itself, caches and outputs: pointing them at a temp folder is what they are for. */
const NOT_CONFIG = /TMP|TEMP|CACHE|LOG|OUT|HIST|DUMP|REPORT|COVERAGE|RESULT|ARTIFACT|DOWNLOAD|SOCK|PID|LOCK/;

/** Option strings (`MAVEN_ARGS`, `KAFKA_OPTS`, `CGO_LDFLAGS`) and the options in them that load code or settings. */
const OPTION_STRING = /(?:_OPTS|_OPTIONS|_ARGS|FLAGS)$/;
const SCRATCH_IN = /(?<=^|[\s,:='"])(?:\/tmp|\/var\/tmp|\/dev\/shm|\/private\/tmp|\$\{?TMPDIR\}?)\/[^\s,:'"]*/g;
const LOADING_OPTION =
  /(?:-javaagent:|-agentpath:|-Xbootclasspath\S*?:|-rpath[,=]?|--settings[=\s]|--global-settings[=\s]|(?:^|\s)-g?s\s|--init-script[=\s]|-fplugin=|-load\s|-I\s?|-L\s?)\s*['"]?$/;

/** Why the setting loads configuration or code from scratch space, or null. */
export function scratchConfig(name: string, value: string): string | null {
  const upper = name.toUpperCase();
  if (OPTION_STRING.test(upper)) {
    for (const m of value.matchAll(SCRATCH_IN))
      if (LOADING_OPTION.test(value.slice(0, m.index))) return `${name} makes the tool load ${m[0]} from a temp folder`;
    return null;
  }
  if (!CONFIG_NAME.test(upper) || NOT_CONFIG.test(upper)) return null;
  const entry = value.split(/[:;\s]+/).find((e) => SCRATCH.test(e));
  return entry === undefined ? null : `${name} makes the tool load its configuration or code from ${entry}`;
}
