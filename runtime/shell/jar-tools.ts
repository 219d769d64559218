/**
 * `java [OPTIONS] -jar PATH/NAME[-VERSION].jar ARGS…`: a command-line tool shipped as a jar (the BFG, the Jenkins
 * CLI, openapi-generator) is that tool, so it is peeled and judged as the program NAME with its arguments
 * (docs/adr/0483), as `python -m MODULE` is (docs/adr/0370). The jar file is read by the run; what any jar runs is
 * its own code, which the operation stage keeps as a floor of the judgement whatever NAME says (classify-command).
 */
import type { Peel } from "./wrappers.ts";
import type { Word } from "./words.ts";

/** The label a peeled jar's command carries in its wrappers. */
export const JAR_LABEL = "java -jar";

/** java options that take the next word as their value; every other option is one word (`-Dk=v`, `-Xmx1g`). */
const VALUED: ReadonlySet<string> = new Set([
  "-cp",
  "-classpath",
  "--class-path",
  "-p",
  "--module-path",
  "--upgrade-module-path",
  "--add-modules",
  "--add-opens",
  "--add-exports",
  "--add-reads",
  "--patch-module",
  "--limit-modules",
  "--enable-native-access",
]);
/** JVM options that load an agent into the process: `-agentlib:`, `-agentpath:`, `-javaagent:`, `-Xrunjdwp:`. */
const JVM_AGENT = /^-(?:agentlib:|agentpath:|javaagent:|Xrun)/;
/** A release suffix of a jar's file name: `bfg-1.14.0`, `app-0.0.1-SNAPSHOT`, `tool-v2`. */
const VERSION = /-(?:v?\d[\w.+-]*|SNAPSHOT)$/i;

/** The tool a `java … -jar FILE.jar` runs, peeled, or none (a main class, an unknown jar name). */
export function javaJar(args: readonly Word[]): Peel {
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    // An agent loaded into the JVM (a debugger's `-agentlib:jdwp=…`, `-javaagent:x.jar`) is more than the tool: the
    // run stays `java` with its options, which the operation stage reads (docs/adr/0551).
    if (args[i]!.dynamic || !v.startsWith("-") || JVM_AGENT.test(v)) return { kind: "none" };
    if (VALUED.has(v)) {
      i++;
      continue;
    }
    if (v !== "-jar") continue;
    const jar = args[i + 1];
    if (jar === undefined || jar.dynamic) return { kind: "none" };
    const name = (jar.value.split("/").pop() ?? "").replace(/\.jar$/i, "").replace(VERSION, "");
    if (!/^[A-Za-z][\w.+-]*$/.test(name)) return { kind: "none" };
    return {
      kind: "peel",
      label: JAR_LABEL,
      words: [{ value: name, raw: jar.raw, dynamic: false }, ...args.slice(i + 2)],
      assignments: [],
      workdir: null,
      dynamicArgs: false,
      reads: [jar],
    };
  }
  return { kind: "none" };
}
