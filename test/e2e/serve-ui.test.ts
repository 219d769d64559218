import sparticuz from "@sparticuz/chromium";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureHookBundle, ROOT } from "./bundle.ts";
import { makeSandbox } from "./clients.ts";
import { writeProjectPolicy } from "./policy.ts";
import { startServe, type ServeProcess } from "./serve-process.ts";

/**
 * A real browser drives the web UI of `rules serve --approvals web` (the shipped bundle in its own process):
 * Chromium from the @sparticuz/chromium package, launched by playwright-core, at phone width. It enters through
 * the one-time link, sees a held approval appear live (SSE, no reload), approves it with the keyboard and the
 * held hook request returns allow; an approval nobody answers becomes a deny at settings.approval_timeout.
 * If Chromium cannot start, the tests fail with the reason: they never skip.
 */
const POLICY = `version: 1
settings: { default: allow, approval_timeout: 6s }
permissions:
  ask: ["bash(npm publish*)"]
`;
/** Where the phone-width screenshot of a pending approval is kept (dist/ is not committed). */
export const SCREENSHOT = join(ROOT, "dist", "screenshots", "serve-ui-phone.png");

let browser: Browser;
let page: Page;
let server: ServeProcess;
let project: string;

beforeAll(async () => {
  await ensureHookBundle();
  const sb = makeSandbox("serve-ui");
  project = sb.project;
  writeProjectPolicy(sb.project, POLICY);
  server = await startServe(sb, ["--approvals", "web"]);
  let executablePath: string;
  try {
    executablePath = await sparticuz.executablePath();
    browser = await chromium.launch({
      executablePath,
      headless: true,
      args: [
        ...sparticuz.args,
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    });
  } catch (err) {
    throw new Error(
      `cannot start Chromium from @sparticuz/chromium (npm install provides it): ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

let n = 0;
/** A PreToolUse the UI must answer; resolves with the permission decision once the server answers it. */
async function heldCall(command: string): Promise<{ decision: string; reason: string }> {
  const res = await fetch(server.hook, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${server.token}` },
    body: JSON.stringify({
      session_id: "ui-session",
      cwd: project,
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command },
      tool_use_id: `toolu_ui_${n++}`,
    }),
  });
  const json = (await res.json()) as {
    hookSpecificOutput: { permissionDecision: string; permissionDecisionReason: string };
  };
  return {
    decision: json.hookSpecificOutput.permissionDecision,
    reason: json.hookSpecificOutput.permissionDecisionReason,
  };
}

describe("the web UI in a real browser", { timeout: 120_000 }, () => {
  it("is entered through the one-time link, which works only once", async () => {
    await page.goto(server.login);
    expect(new URL(page.url()).pathname).toBe("/");
    await page.getByText("live", { exact: true }).waitFor({ timeout: 15_000 });
    const again = await fetch(server.login);
    expect(again.status).toBe(401);
  });

  it("shows a held approval live, approves it from the keyboard at phone width, and the call is allowed", async () => {
    const held = heldCall("npm publish --tag next");
    const card = page.locator("[data-approval]").filter({ hasText: "npm publish --tag next" });
    await card.waitFor({ timeout: 15_000 });
    await expect(card.textContent()).resolves.toMatch(/why: .*npm publish/);
    mkdirSync(join(ROOT, "dist", "screenshots"), { recursive: true });
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    expect(readFileSync(SCREENSHOT).subarray(1, 4).toString()).toBe("PNG");
    const approve = card.getByRole("button", { name: "Approve" });
    const box = await approve.boundingBox();
    // A thumb-sized target that fits the phone's width.
    expect(box !== null && box.height >= 44 && box.x + box.width <= 390).toBe(true);
    await approve.focus();
    await page.keyboard.press("Enter");
    const answer = await held;
    expect(answer.decision).toBe("allow");
    expect(answer.reason).toMatch(/approved/);
    await card.waitFor({ state: "detached", timeout: 15_000 });
    await page.locator("#recent tr").filter({ hasText: "npm publish --tag next" }).first().waitFor({ timeout: 15_000 });
  });

  it("denies a held approval nobody answers at settings.approval_timeout, and it leaves the page", async () => {
    const started = Date.now();
    const held = heldCall("npm publish --tag late");
    const card = page.locator("[data-approval]").filter({ hasText: "npm publish --tag late" });
    await card.waitFor({ timeout: 15_000 });
    const answer = await held;
    expect(answer.decision).toBe("deny");
    expect(answer.reason).toMatch(/approval timed out/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(5_500);
    await card.waitFor({ state: "detached", timeout: 15_000 });
  });
});
