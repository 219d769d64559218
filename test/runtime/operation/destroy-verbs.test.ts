import { describe, expect, test } from "vitest";
import { bashDeriver } from "./bash-deriver.ts";

/** Destroys said by CLIs nobody described, through raw APIs, statements and code (ADRs 0480-0482). */
const bash = bashDeriver("/home/u/proj", "/home/u");

describe("an unknown program's destroying verb is DESTRUCTIVE; known programs keep their knowledge (ADR 0480)", () => {
  test.each([
    "helmfile -e prod destroy",
    "pyenv uninstall -f 3.11.4",
    "nvm uninstall 18",
    "./infra.sh teardown",
    "pulumictl stack nuke prod",
    "mytool purge --yes",
    "tilt down",
    "keydb-cli flushall",
    "memurai-cli -h cache FLUSHDB",
    "ops app:destroy web",
    "sometool remove --all",
    "sometool reset --hard",
    "railway down -y",
    "hub delete -y org/app",
    "conda remove -n base --all -y",
    "mamba env remove -n prod",
    "asdf uninstall nodejs 20.1.0",
    "rustup toolchain uninstall stable",
    "k3d cluster delete dev",
  ])("%s", (command) => {
    expect(bash(command).level).toBe("DESTRUCTIVE");
  });

  test.each([
    "helmfile -e dev diff",
    "railway up",
    "pyenv install 3.12.1",
    "mytool remove old-item",
    "mytool list --delete-after 3",
    "sometool reset",
    "./scripts/test.sh unit",
    "conda remove -n dev numpy -y",
    "keydb-cli get session:1",
    "asdf install nodejs 20.1.0",
    "kubectl delete pod api-7c9f-xyz -n dev",
  ])("look-alike %s is not", (command) => {
    expect(bash(command).categories).not.toContain("destroying-verb");
    expect(bash(command).categories).not.toContain("environment-removed");
  });
});

describe("a destroying verb inside a compound, or a remove/reset told not to ask, is DESTRUCTIVE (ADR 0633)", () => {
  test.each([
    "ibmcloud resource service-instance-delete prod-db -f --recursive",
    "aliyun ecs DeleteInstance --InstanceId i-bp1abcdef --Force true",
    "tccli cvm TerminateInstances --InstanceIds '[\"ins-abc12345\"]'",
    "cbt -instance prod deletetable events",
    "juju destroy-model prod --destroy-storage --force --no-prompt",
    "xe vm-uninstall uuid=1111 force=true",
    "couchbase-cli bucket-delete -c cb.prod --bucket orders",
    "sqlite-utils drop-table prod.db users",
    "kamal remove -y",
    "rain rm prod-stack -y",
    "nats stream rm ORDERS -f",
    "certbot revoke --cert-name acme.example --non-interactive",
    "nodetool -h cass.prod decommission",
    "kubeadm reset -f",
    "talosctl -n 10.0.0.2 reset --graceful=false --reboot",
    "microk8s reset --destroy-storage",
    "k0s reset",
    "otherctl vm_terminate web-1",
  ])("%s", (command) => {
    expect(bash(command).level).toBe("DESTRUCTIVE");
  });

  test.each([
    "ng generate component drop-down",
    "tool scale-down web",
    "aliyun ecs DescribeInstances",
    "ibmcloud resource service-instances",
    "kamal app logs",
    "rain ls",
    "nats stream ls",
    "talosctl -n 10.0.0.2 health",
    "kubeadm version",
  ])("look-alike %s is not", (command) => {
    expect(bash(command).level).not.toBe("DESTRUCTIVE");
  });
});

describe("a cluster join token that never expires is SECURITY (ADR 0633)", () => {
  test.each(["kubeadm token create --ttl 0 --print-join-command", "kubeadm token create --ttl=0"])("%s", (command) => {
    expect(bash(command).level).toBe("SECURITY");
  });
  test.each(["kubeadm token create --ttl 2h", "kubeadm token list"])("look-alike %s is not", (command) => {
    expect(bash(command).level).not.toBe("SECURITY");
  });
});

describe("an HTTP DELETE asked of any API client is DESTRUCTIVE (ADR 0481)", () => {
  test.each([
    "glab api -X DELETE projects/1/repository/branches/main",
    "glab api --method=DELETE projects/1",
    "glab api -XDELETE projects/1",
    "hub api -X delete repos/org/app",
    "tea api --method DELETE repos/org/app",
    "restish --request DELETE api.example/users/1",
  ])("%s", (command) => {
    const o = bash(command);
    expect(o.level).toBe("DESTRUCTIVE");
    expect(o.categories).toContain("http-delete");
  });

  test.each(["glab api projects/1/merge_requests", "glab api -X POST projects/1/issues", "ssh -X host ls"])(
    "look-alike %s is not",
    (command) => {
      expect(bash(command).categories).not.toContain("http-delete");
    },
  );
});

describe("a destroying statement given through an option, or an ORM drop in a one-liner, is DESTRUCTIVE (ADR 0482)", () => {
  test.each([
    "npx wrangler d1 execute prod --remote --command 'DROP TABLE users'",
    `arangosh --javascript.execute-string 'db._drop("users")'`,
    "turso db shell prod --execute 'TRUNCATE users'",
    "clickhouse-local --query 'DROP TABLE x'",
    "dbtool -e 'DELETE FROM users'",
    `python3 -c "from app import db; db.drop_all()"`,
    `python -c "from app.models import Base, engine; Base.metadata.drop_all(engine)"`,
    `node -e "require('./db').sequelize.sync({ force: true })"`,
    `bun -e "await prisma.user.deleteMany()"`,
    `ruby -e 'User.destroy_all'`,
    `python -c 'import redis; redis.Redis().flushall()'`,
    `python3 -c "import sqlite3; sqlite3.connect('app.db').execute('DROP TABLE users')"`,
    `python -c "from app.models import User; User.objects.all().delete()"`,
  ])("%s", (command) => {
    const o = bash(command);
    expect(o.level).toBe("DESTRUCTIVE");
    expect(o.categories).toContain("database");
  });

  test.each([
    "npx wrangler d1 execute dev --local --command 'SELECT * FROM users'",
    "grep -e 'DROP TABLE' migrations/001.sql",
    `python3 -c "import os; os.remove('build/tmp.txt')"`,
    `python -c "import pandas as pd; print(pd.read_csv('a.csv').drop('b', axis=1))"`,
    `node -e "const s = new Set([1]); s.delete(1)"`,
    `bun -e "await prisma.user.deleteMany({ where: { id: 1 } })"`,
    "git commit -m 'drop the users table'",
  ])("look-alike %s is not", (command) => {
    expect(bash(command).categories).not.toContain("database");
  });
});
