import { describe, expect, test } from "vitest";
import { bashDeriver } from "./bash-deriver.ts";

/**
 * A service any program opens to the network (ADR 0475): an address that is every interface, a switch that turns the
 * server's protection off, a tree outside the workspace served. Loopback, readers and clients stay as they were.
 */
const bash = bashDeriver("/home/u/proj", "/home/u");

describe("a listener on every interface, whatever the program (ADR 0475)", () => {
  test.each([
    "dockerd -H tcp://0.0.0.0:2375",
    "dockerd --host=tcp://0.0.0.0:2376 --tls=false",
    "containerd-daemon -H tcp://:2375",
    "rpyc_classic --host 0.0.0.0",
    "rpyc_classic.py --host=0.0.0.0 --port 18812",
    "uvicorn app:app --host 0.0.0.0 --port 8000",
    "flask run --host=0.0.0.0",
    "gunicorn -b 0.0.0.0:8000 app:app",
    "next dev -H 0.0.0.0",
    "hugo server --bind 0.0.0.0",
    "streamlit run app.py --server.address=0.0.0.0",
    "prometheus --web.listen-address=0.0.0.0:9090",
    "etcd --listen-client-urls http://0.0.0.0:2379",
    "some-daemon --listen [::]:8080",
    "some-daemon --bind-addr :7000",
    "some-daemon --listen-address ::",
    "python manage.py runserver 0.0.0.0:8000",
    "twistd -n web --listen tcp:8080",
    "twistd -n web --port tcp6:port=8080",
    "npm run dev -- --host 0.0.0.0",
  ])("%s", (command) => {
    const o = bash(command);
    expect(o.level).toBe("SECURITY");
    expect(o.categories).toContain("publication");
  });
});

describe("a server with its own protection switched off (ADR 0475)", () => {
  test.each([
    "redis-server --protected-mode no",
    "redis-server --protected-mode no --bind 0.0.0.0",
    "git daemon --export-all",
    "git daemon --enable=receive-pack --base-path=.",
    "mysqld --skip-grant-tables",
    "code-server --auth none",
    "some-server --auth=off",
    "some-server --no-auth",
    "jupyter-notebook --NotebookApp.token= --NotebookApp.password=",
  ])("%s", (command) => {
    expect(bash(command).level).toBe("SECURITY");
  });
});

describe("a served tree outside the workspace is exfiltration (ADR 0475)", () => {
  test.each([
    "git daemon --export-all --base-path=/home/u --listen=0.0.0.0 --reuseaddr",
    "twistd -n web --listen tcp:8080 --path /home/u",
    "twistd -n web --port tcp:8080 --path ~",
    "some-server --listen :8080 --root /etc",
  ])("%s", (command) => {
    const o = bash(command);
    expect(o.level).toBe("SECURITY");
    expect(o.categories).toContain("exfiltration");
  });
});

describe("loopback listeners, readers, clients and look-alike options stay as they were (ADR 0475)", () => {
  test.each([
    "uvicorn app:app --host 127.0.0.1 --port 8000",
    "uvicorn app:app --reload",
    "gunicorn -b 127.0.0.1:8000 app:app",
    "flask run --host=localhost",
    "redis-server --port 6380",
    "redis-server --bind 127.0.0.1 ::1",
    "git daemon --export-all --base-path=. --listen=127.0.0.1",
    "twistd -n web --listen tcp:8080:interface=127.0.0.1 --path .",
    "hugo server",
    "python manage.py runserver",
    "python manage.py runserver 8000",
    "python manage.py runserver 127.0.0.1:8000",
    "dockerd --iptables=false",
    "docker -H unix:///var/run/docker.sock ps",
    "curl http://0.0.0.0:8000/health",
    "git commit -a -m fix",
    "sed -i 's/127.0.0.1/0.0.0.0/' config.yml",
  ])("%s", (command) => {
    const o = bash(command);
    expect(o.categories).not.toContain("publication");
    expect(o.categories).not.toContain("exfiltration");
  });

  test.each(["grep -l 0.0.0.0 config.yml", "grep -rn -h 0.0.0.0 .", "ls -l *", "rg --hostname 0.0.0.0 src"])(
    "reader %s",
    (command) => {
      expect(bash(command).level).toBe("READ");
    },
  );
});
