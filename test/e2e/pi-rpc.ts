/**
 * pi in RPC mode (`--mode rpc`, pi 1.x): the client speaks JSON records on pi's stdin and stdout, and
 * `ctx.ui.confirm` becomes an `extension_ui_request` the client answers, so a test can play the user at
 * a gate. One prompt, answered by `answer`, until `agent_settled`.
 */
import { spawn } from "node:child_process";
import { type PiRun, preparePi } from "./clients.ts";

export interface ConfirmRequest {
  readonly title: string;
  readonly message: string;
}

export interface RpcRun {
  /** Every confirm pi asked, in order. */
  readonly confirms: readonly ConfirmRequest[];
  /** Every record pi wrote on stdout. */
  readonly records: readonly Record<string, unknown>[];
  readonly stderr: string;
}

/** A `ctx.ui.select` pi asked: its title and options; the client answers with one of them. */
export interface SelectRequest {
  readonly title: string;
  readonly options: readonly string[];
}

export async function runPiRpc(
  run: Omit<PiRun, "prompts" | "release"> & { readonly prompt: string },
  answer: (request: ConfirmRequest) => boolean,
  choose: (request: SelectRequest) => string = (r) => r.options[0] ?? "",
): Promise<RpcRun & { readonly selects: readonly SelectRequest[] }> {
  const pi = await preparePi(run);
  const child = spawn(pi.node, [...pi.args, "--mode", "rpc"], {
    cwd: pi.cwd,
    env: pi.env,
    stdio: ["pipe", "pipe", "pipe"],
  });
  const confirms: ConfirmRequest[] = [];
  const selects: SelectRequest[] = [];
  const records: Record<string, unknown>[] = [];
  let stderr = "";
  let buffered = "";
  const send = (record: object): void => {
    child.stdin.write(`${JSON.stringify(record)}\n`);
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`pi --mode rpc timed out\nstderr: ${stderr}\nrecords: ${JSON.stringify(records)}`));
    }, run.timeoutMs ?? 60_000);
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString("utf8")));
    // Records end at LF only (pi's framing; a JSON string may hold U+2028).
    child.stdout.on("data", (c: Buffer) => {
      buffered += c.toString("utf8");
      let end = buffered.indexOf("\n");
      while (end >= 0) {
        const line = buffered.slice(0, end).replace(/\r$/, "");
        buffered = buffered.slice(end + 1);
        end = buffered.indexOf("\n");
        if (line.trim() === "") continue;
        const record = JSON.parse(line) as Record<string, unknown>;
        records.push(record);
        if (record["type"] === "extension_ui_request" && record["method"] === "confirm") {
          const request = { title: String(record["title"]), message: String(record["message"]) };
          confirms.push(request);
          send({ type: "extension_ui_response", id: record["id"], confirmed: answer(request) });
        }
        if (record["type"] === "extension_ui_request" && record["method"] === "select") {
          const request = { title: String(record["title"]), options: (record["options"] as string[]) ?? [] };
          selects.push(request);
          send({ type: "extension_ui_response", id: record["id"], value: choose(request) });
        }
        if (record["type"] === "response" && record["success"] === false)
          reject(new Error(`pi refused a command: ${line}`));
        if (record["type"] === "agent_settled") child.stdin.end();
      }
    });
    child.on("error", (err) => {
      clearTimeout(timer);
      reject(new Error(`cannot start pi: ${err.message}`));
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      if (code !== 0) reject(new Error(`pi --mode rpc exited ${code}: ${stderr}`));
      else resolve({ confirms, selects, records, stderr });
    });
    send({ id: "prompt-1", type: "prompt", message: run.prompt });
  });
}
