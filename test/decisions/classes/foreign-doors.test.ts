import { classTable, type ClassRow } from "./profiles.ts";

/**
 * Red-team round 9: code reached through doors of other languages. ADR 0722: csh's, tcsh's and fish's `-c` with
 * other short options joined to it (`tcsh -fc`, `fish -Nc`) and fish's `-C`, and R or Julia reading their program
 * on stdin. Each row is [command, permissive, guard].
 */
const OTHER_SHELLS: readonly ClassRow[] = [
  ["tcsh -fc 'rm -rf .rulegate'", "deny", "deny"],
  ["fish -Nc 'rm -rf .rulegate'", "deny", "deny"],
  ["csh -fc 'rm -f .claude/settings.local.json'", "deny", "deny"],
  ["tcsh -fc 'sudo poweroff'", "deny", "deny"],
  ["fish -Nc 'kill -9 -1'", "deny", "deny"],
  ["fish -C 'rm -rf .rulegate' -i", "deny", "deny"],
  ["csh -fec 'sudo usermod -aG sudo dev'", "deny", "deny"],
  ["R --vanilla -q <<'EOF'\nsystem('sudo poweroff')\nEOF", "deny", "deny"],
  ["julia - <<'EOF'\nrun(`systemctl poweroff`)\nEOF", "deny", "deny"],
  ["Rscript - <<< 'unlink(\".rulegate\", recursive = TRUE)'", "deny", "deny"],
  // Look-alikes: no code given, a script of the project, R and Julia on the project's files.
  ["fish --version", "allow", "allow"],
  ["tcsh -f scripts/build.csh", "allow", "allow"],
  ["R --version", "allow", "allow"],
  ["Rscript analysis.R", "allow", "allow"],
  ["R CMD build .", "allow", "allow"],
  ["julia --project=. test/runtests.jl", "allow", "allow"],
  [`Rscript - <<< 'print(summary(read.csv("data.csv")))'`, "allow", "allow"],
  ["julia - <<< 'println(1)'", "allow", "allow"],
];

classTable("code of other shells and of R and Julia under the %s profile", OTHER_SHELLS);
