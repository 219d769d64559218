/**
 * The AWS CDK toolkit (docs/adr/0814), by what each subcommand does to the account. Its global options take values
 * before the subcommand (`cdk --profile prod destroy`), so they are listed; a subcommand nobody described here is
 * judged as a deploy. `--app`/`--build` are command lines the toolkit runs (shell/carried-commands.ts).
 */
import { fx, subs, type Program } from "./types.ts";

const READ = fx("READ", ["read_external"], "cloud");
const LOCAL = fx("WRITE", ["write_local", "execute"], "cloud", "build");
const SPEND = fx("EXPENSIVE", ["write_external"], "cloud");
const DESTROY = fx("DESTRUCTIVE", ["write_external"], "cloud");
/** `cdk bootstrap --trust ACCOUNT`: another account may deploy with the execution policies given, admin by default. */
const TRUST = fx("SECURITY", ["write_external"], "cloud", "permissions");

export const CDK: readonly Program[] = [
  {
    names: ["cdk"],
    values: [
      ...["-a", "--app", "--build", "-c", "--context", "-p", "--plugin", "--profile", "--proxy", "--ca-bundle-path"],
      ...["-o", "--output", "-r", "--role-arn", "--toolkit-stack-name", "--toolkit-bucket-name", "--qualifier"],
      ...["--require-approval", "--method", "-m", "--concurrency", "--outputs-file", "-O", "--parameters", "-t"],
      ...["--tags", "--notification-arns", "--change-set-name", "--cloudformation-execution-policies", "--trust"],
      ...["--trust-for-lookup", "-b", "--bootstrap-bucket-name", "--bootstrap-kms-key-id", "--language", "-l"],
      ...["--unstable", "--exclude", "-e", "--template", "--resource-mapping", "--record-resource-mapping"],
    ],
    base: SPEND,
    rules: [
      ...subs(["synth", "synthesize", "ls", "list", "diff", "doctor", "docs", "doc", "notices", "metadata"], READ),
      ...subs(["acknowledge", "ack", "context", "init", "migrate"], LOCAL),
      { sub: ["destroy"], then: DESTROY },
      { sub: ["gc"], then: DESTROY },
      { sub: ["bootstrap"], flag: ["--trust", "--trust-for-lookup"], then: TRUST },
    ],
  },
];
