import { beforeAll, describe, expect, it } from "vitest";
import { deriver, judge, type Deriver } from "./ops.ts";

let d: Deriver;
beforeAll(async () => {
  d = await deriver();
});

const check = (command: string): string | null => judge(d.bash(command))?.check ?? null;

describe("a check switched off by its own name, whatever the tool (ADR 0485)", () => {
  it.each([
    // A tool's config verb: a check set off, a disabling switch set on.
    ["az config set core.disable_connection_verification=true"],
    ["az config set core.disable_connection_verification yes"],
    ["cargo config set http.check-revoke false"],
    ["git config --global http.schannelCheckRevoke false"],
    ["pnpm config set verify-store-integrity false"],
    ["conda config --set ssl_verify false"],
    ["gcloud config set auth/disable_ssl_validation True"],
    ["kubectl config set clusters.prod.insecure-skip-tls-verify true"],
    ["bun pm config set strictSsl false"],
    ["mc admin config set alias tls_skip_verify=on"],
    ["helm repo add x https://x --insecure-skip-tls-verify"],
    // Options: a negated check, a trust of what failed, a check given an off value, `insecure`.
    ["svn checkout --trust-server-cert-failures=unknown-ca,cn-mismatch https://x/r"],
    ["svn update --trust-server-cert --non-interactive"],
    ["ansible-galaxy install --ignore-certs x.y"],
    ["deno run --unsafely-ignore-certificate-errors main.ts"],
    ["mongosh --tls --tlsAllowInvalidCertificates mongodb://x"],
    ["skopeo copy --src-tls-verify=false docker://x docker://y"],
    ["podman push --tls-verify=false img x"],
    ["rclone copy --no-check-certificate a: b:"],
    ["cargo install --config http.check-revoke=false x"],
    ["mvn -Dmaven.wagon.http.ssl.insecure=true install"],
    ["gradle build -Dcom.sun.net.ssl.checkRevocation=false"],
    ["grpcurl -insecure x:443 list"],
    ["uv pip install --allow-insecure-host x y"],
    // Variables for what a command starts, and the environment itself.
    ["docker run -e NODE_TLS_REJECT_UNAUTHORIZED=0 app"],
    ["docker build --build-arg PYTHONHTTPSVERIFY=0 ."],
    ["gcloud run deploy x --set-env-vars NODE_TLS_REJECT_UNAUTHORIZED=0"],
    ["CARGO_HTTP_CHECK_REVOKE=false cargo build"],
    ["UV_INSECURE_HOST=x uv sync"],
    ["export YARN_ENABLE_STRICT_SSL=false"],
  ])("hits %s", (command) => {
    expect(check(command)).toBe("tls-weakening");
  });

  it.each([
    ["git commit --no-verify -m wip"],
    ["git push --no-verify"],
    ["az config set core.output=table"],
    ["az config get core.disable_connection_verification"],
    ["cargo config get http.check-revoke"],
    ["cargo config set http.check-revoke true"],
    ["npm config set strict-peer-dependencies false"],
    ["yarn config set checksumBehavior update"],
    ["git config core.checkStat minimal"],
    ["conda config --set ssl_verify true"],
    ["podman push --tls-verify=true img x"],
    ["mvn -DskipTests=true install"],
    ["openssl s_client -no_ssl3 -connect x:443"],
    ["HOMEBREW_NO_INSECURE_REDIRECT=1 brew install jq"],
    ["SKIP_VERIFY=1 ./scripts/check.sh"],
    ["python3 -c 'verify=False; print(verify)'"],
    ["grep -rn insecure-skip-tls-verify ."],
    ["echo --no-check-certificate --ignore-certs"],
    ["vite --https"],
    ["docker run -e NODE_ENV=production app"],
    ["svn checkout https://x/r"],
    ["PGSSLMODE=disable psql -h localhost"],
  ])("does not hit %s", (command) => {
    expect(check(command)).toBeNull();
  });
});
