import sparticuz from "@sparticuz/chromium";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
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
 * Then the session's timeline: new rows arrive live, an approval links to its call, Verify names the first
 * bad line of a tampered log, and What-if shows the replay diff under another rules file. Last, "Always:
 * PATTERN" stores the offered pattern in the project's local rules, and the next call like it is not held.
 * If Chromium cannot start, the tests fail with the reason: they never skip.
 */
const POLICY = `version: 1
settings: { default: allow, approval_timeout: 6s }
permissions:
  ask: ["bash(npm publish*)", "bash(npm run *)"]
`;
/** Where the phone-width screenshots of a pending approval and of a session are kept (dist/ is not committed). */
export const SCREENSHOT = join(ROOT, "dist", "screenshots", "serve-ui-phone.png");
export const SESSION_SCREENSHOT = join(ROOT, "dist", "screenshots", "serve-ui-session-phone.png");

let browser: Browser;
let page: Page;
let server: ServeProcess;
let project: string;
let root: string;
let rulegateHome: string;

beforeAll(async () => {
  await ensureHookBundle();
  const sb = makeSandbox("serve-ui");
  project = sb.project;
  root = sb.root;
  rulegateHome = sb.rulegateHome;
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
  return call(command);
}

async function call(command: string, session = "ui-session"): Promise<{ decision: string; reason: string }> {
  const res = await fetch(server.hook, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${server.token}` },
    body: JSON.stringify({
      session_id: session,
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
    await page.locator("#recent li").filter({ hasText: "npm publish --tag next" }).first().waitFor({ timeout: 15_000 });
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

  it("shows the session's timeline, adds a new call live, and links an approval to its call", async () => {
    // The page was loaded before this session existed: the list gains it live.
    const link = page.locator("#sessions a", { hasText: "ui-session" });
    await link.waitFor({ timeout: 15_000 });
    await page.evaluate(() => {
      (globalThis as unknown as { loadedOnce: boolean }).loadedOnce = true;
    });
    await link.focus();
    await page.keyboard.press("Enter");
    const rows = page.locator("#timeline li");
    await rows.filter({ hasText: "npm publish --tag next" }).first().waitFor({ timeout: 15_000 });
    await expect(rows.filter({ hasText: "npm publish --tag next" }).first().textContent()).resolves.toMatch(/ALLOW/);
    await expect(rows.filter({ hasText: "npm publish --tag late" }).first().textContent()).resolves.toMatch(/DENY/);

    expect((await call("echo arrives live")).decision).toBe("allow");
    await rows.filter({ hasText: "echo arrives live" }).waitFor({ timeout: 15_000 });
    // No reload: the page's own state survived the update.
    expect(await page.evaluate(() => (globalThis as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(true);

    const approval = rows.filter({ hasText: "approval approved" }).first();
    await approval.getByRole("link").click();
    // The call's row takes the focus, so the keyboard goes on from there.
    await page.locator("#timeline li:focus").filter({ hasText: "npm publish --tag next" }).waitFor({ timeout: 15_000 });
  });

  it("replays the session under another rules file (What-if) and shows which calls change", async () => {
    const strict = join(root, "strict.yaml");
    writeFileSync(strict, `version: 1\nsettings: { default: allow }\npermissions:\n  deny: ["bash(echo *)"]\n`);
    await page.getByLabel(/What-if/).fill(strict);
    await page.keyboard.press("Enter");
    const result = page.locator("#whatif-result");
    await result.locator("[data-changed]").waitFor({ timeout: 60_000 });
    const changed = result.locator("[data-what-if]");
    // echo: allow → deny; both npm publish calls: ask (approved / timed out) → allow under default allow.
    await expect(changed.filter({ hasText: "echo arrives live" }).textContent()).resolves.toMatch(/ALLOW.*DENY/);
    expect(await changed.count()).toBe(3);
    await expect(result.textContent()).resolves.toMatch(/3 of 3 calls differ/);
  });

  it("verifies the session's hash chain, and names the first bad line once the log is tampered with", async () => {
    await page.getByRole("button", { name: "Verify the hash chain" }).click();
    await expect(page.locator("#verify-result [data-verified]").textContent({ timeout: 30_000 })).resolves.toMatch(
      /^VERIFIED/,
    );

    const path = join(rulegateHome, "sessions", "ui-session.jsonl");
    const lines = readFileSync(path, "utf8").split("\n");
    const at = lines.findIndex((l) => l.includes("echo arrives live") && l.includes('"type":"decision"'));
    lines[at] = (lines[at] as string).replace('"decision":"allow"', '"decision":"deny"');
    writeFileSync(path, lines.join("\n"));
    await page.getByRole("button", { name: "Verify the hash chain" }).focus();
    await page.keyboard.press("Enter");
    const bad = page.locator("#verify-result [data-bad-line]");
    await bad.waitFor({ timeout: 30_000 });
    expect(await bad.getAttribute("data-bad-line")).toBe(String(at + 1));
    await expect(page.locator("#verify-result").textContent()).resolves.toMatch(/NOT VERIFIED/);
    await expect(page.locator("#verify-result pre").textContent()).resolves.toContain("echo arrives live");
    await page.screenshot({ path: SESSION_SCREENSHOT, fullPage: true });
    expect(readFileSync(SESSION_SCREENSHOT).subarray(1, 4).toString()).toBe("PNG");
  });

  it('answers "Always: PATTERN" from the keyboard: stored in the local rules, and the next call like it is not held', async () => {
    const held = call("npm run test:unit -- --watch=false", "ui-always");
    const card = page.locator("[data-approval]").filter({ hasText: "npm run test:unit -- --watch=false" });
    await card.waitFor({ timeout: 15_000 });
    const always = card.getByRole("button", { name: "Always: bash(npm run test:unit *)" });
    const box = await always.boundingBox();
    expect(box !== null && box.height >= 44 && box.x + box.width <= 390).toBe(true);
    await always.focus();
    await page.keyboard.press("Enter");
    const answer = await held;
    expect(answer.decision).toBe("allow");
    await card.waitFor({ state: "detached", timeout: 15_000 });
    const local = readFileSync(join(project, ".rulegate", "rules.local.yaml"), "utf8");
    expect(local).toContain('- "bash(npm run test:unit *)"');
    const next = await call("npm run test:unit -- --coverage", "ui-always");
    expect(next.decision).toBe("allow");
    expect(next.reason).toContain("approved always by bash(npm run test:unit *)");
    const log = readFileSync(join(rulegateHome, "sessions", "ui-always.jsonl"), "utf8");
    expect(log).toContain('"learned":"bash(npm run test:unit *)"');
  });
});
