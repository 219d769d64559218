/**
 * A held approval in a running `rules serve --approvals web`, asked from another process (`rules mcp-proxy`):
 * the server of $RULEGATE_HOME/serve.json, if its pid lives, holds the request until its UI answers. No server,
 * a server that asks in the terminal, or any failure: null, nobody could be asked (the caller denies).
 */
import { request as httpRequest } from "node:http";
import type { ApprovalRequest } from "../runtime/stages/index.ts";
import { pidAlive, readServeFile } from "./serve-file.ts";

export function serveApprover(
  rulegateHome: string,
): (request: ApprovalRequest, signal: AbortSignal) => Promise<"approve" | "deny" | null> {
  return async (request, signal) => {
    const file = readServeFile(rulegateHome);
    if (file === null || file.pid === null || file.url === null || !pidAlive(file.pid)) return null;
    const body = await post(`${file.url}/v1/approvals`, file.token, JSON.stringify(request), signal);
    if (body === null) return null;
    try {
      const answer = (JSON.parse(body) as { answer?: unknown }).answer;
      return answer === "approve" || answer === "deny" ? answer : null;
    } catch {
      return null;
    }
  };
}

/**
 * node:http rather than fetch: fetch gives up on a response after 300 s without headers, and a human may take
 * longer (settings.approval_timeout). The caller's signal (its timeout, a cancel) ends the wait.
 */
function post(url: string, token: string, body: string, signal: AbortSignal): Promise<string | null> {
  return new Promise((done) => {
    if (signal.aborted) return done(null);
    const req = httpRequest(
      url,
      {
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
        },
        signal,
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.on("end", () => done(res.statusCode === 200 ? text : null));
        res.on("error", () => done(null));
      },
    );
    req.on("error", () => done(null));
    req.end(body);
  });
}
