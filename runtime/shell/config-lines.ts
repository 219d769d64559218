/**
 * Configuration-management resources read as the command lines they amount to (docs/adr/0734): an ansible module
 * (`-m copy -a 'content=… dest=/etc/sudoers.d/x'`), a chef resource (`remote_file '/p' do source 'URL' end`) or a
 * salt execution module (`file.append /p TEXT`) writes, fetches or changes exactly what the matching `tee`, `curl
 * -o`, `chmod -R` or `pip install` would, so it is written as that line and judged by the same rules. A resource
 * this file does not know gives null: the tool then stays its own program, judged by its knowledge (fleet.ts).
 */

/** A user's home as a path (`~user` is no path the rules read): root's is /root, anyone else's under /home. */
const home = (user: string): string => (user === "root" ? "/root" : `/home/${user}`);

/** A word quoted for the shell so that it parses back to itself. */
const q = (s: string): string => `'${s.replaceAll("'", `'\\''`)}'`;
const yes = (v: string | undefined): boolean => v !== undefined && /^(?:yes|true|1|on)$/i.test(v);

/** The file a text lands in: `printf … | tee P` (or `tee -a` to append), `sudo tee` under become. */
const writeText = (text: string, path: string, append: boolean, sudo: string): string =>
  `printf '%s\\n' ${q(text)} | ${sudo}tee ${append ? "-a " : ""}${q(path)}`;
const fetchTo = (url: string, path: string, sudo: string): string => `${sudo}curl -fsSL -o ${q(path)} ${q(url)}`;
const extract = (archive: string, dest: string, sudo: string): string => `${sudo}tar -xf ${q(archive)} -C ${q(dest)}`;
const cronLine = (when: string, job: string): string =>
  `(crontab -l; printf '%s\\n' ${q(`${when} ${job}`)}) | crontab -`;

/** `key=value key="a b"` (ansible's `-a` text) as a map; later keys win, as in ansible. */
export function moduleArgs(text: string): ReadonlyMap<string, string> {
  const out = new Map<string, string>();
  for (const m of text.matchAll(/([\w.]+)=(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|(\S*))/g))
    out.set(m[1]!, (m[2] ?? m[3] ?? m[4] ?? "").replace(/\\(.)/g, "$1"));
  return out;
}

/** An ansible module with its arguments as a command line, or null when the module is not one this file reads. */
export function ansibleLine(module: string, args: ReadonlyMap<string, string>, become: boolean): string | null {
  const sudo = become ? "sudo " : "";
  const a = (k: string) => args.get(k);
  const path = a("path") ?? a("dest") ?? a("name");
  switch (module.replace(/^(?:ansible\.(?:builtin|posix)|community\.general)\./, "")) {
    case "copy":
    case "template": {
      const dest = a("dest");
      if (dest === undefined) return null;
      const content = a("content");
      return content !== undefined
        ? writeText(content, dest, false, sudo)
        : `${sudo}cp ${q(a("src") ?? "")} ${q(dest)}`;
    }
    case "lineinfile":
    case "blockinfile": {
      const text = a("line") ?? a("block");
      return path === undefined || text === undefined ? null : writeText(text, path, true, sudo);
    }
    case "get_url": {
      const url = a("url");
      const dest = a("dest");
      return url === undefined || dest === undefined ? null : fetchTo(url, dest, sudo);
    }
    case "unarchive": {
      const src = a("src");
      const dest = a("dest");
      if (src === undefined || dest === undefined) return null;
      // Without remote_src the archive is copied over first; a URL is fetched by the module itself.
      return /^[a-z]+:\/\//i.test(src)
        ? `curl -fsSL ${q(src)} | ${sudo}tar -xf - -C ${q(dest)}`
        : extract(src, dest, sudo);
    }
    case "synchronize": {
      const src = a("src");
      const dest = a("dest");
      if (src === undefined || dest === undefined) return null;
      return `${sudo}rsync -a ${yes(a("delete")) ? "--delete " : ""}${q(src)} ${q(dest)}`;
    }
    case "file": {
      if (path === undefined) return null;
      const lines: string[] = [];
      const recurse = yes(a("recurse")) ? "-R " : "";
      if (a("state") === "absent") return `${sudo}rm -rf ${q(path)}`;
      if (a("mode") !== undefined) lines.push(`${sudo}chmod ${recurse}${a("mode")} ${q(path)}`);
      const owner = [a("owner"), a("group")].filter((x) => x !== undefined).join(":");
      if (owner !== "") lines.push(`${sudo}chown ${recurse}${q(owner)} ${q(path)}`);
      return lines.length > 0 ? lines.join("; ") : null;
    }
    case "cron": {
      const job = a("job");
      if (job === undefined) return null;
      const special = a("special_time");
      const when =
        special !== undefined
          ? `@${special}`
          : ["minute", "hour", "day", "month", "weekday"].map((k) => a(k) ?? "*").join(" ");
      return cronLine(when, job);
    }
    case "sysctl": {
      const name = a("name");
      const value = a("value");
      if (name === undefined || value === undefined) return null;
      // Set in the file (sysctl_file, /etc/sysctl.conf by default) that every boot reads, as well as now.
      return `${sudo}sysctl -w ${q(`${name}=${value}`)}; ${writeText(`${name}=${value}`, a("sysctl_file") ?? "/etc/sysctl.conf", true, sudo)}`;
    }
    case "authorized_key": {
      const key = a("key");
      const user = a("user");
      return key === undefined || user === undefined
        ? null
        : writeText(key, a("path") ?? `${home(user)}/.ssh/authorized_keys`, true, sudo);
    }
    case "pip": {
      const name = a("name");
      if (name === undefined) return null;
      const index = a("extra_args") ?? "";
      return `${sudo}pip install ${index} ${name.split(",").map(q).join(" ")}`.replace(/ {2,}/g, " ");
    }
    default:
      return null;
  }
}

/** A chef recipe's token: a quoted string, a symbol or word, or a single mark. */
type Token = { readonly kind: "string" | "word"; readonly text: string };

function tokens(recipe: string): Token[] {
  const out: Token[] = [];
  for (const m of recipe.matchAll(/'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|(:?[\w./~-]+)|\S/g)) {
    if (m[1] !== undefined || m[2] !== undefined)
      out.push({ kind: "string", text: (m[1] ?? m[2]!).replace(/\\(.)/g, "$1") });
    else out.push({ kind: "word", text: m[0] });
  }
  return out;
}

/** One chef resource: its type, name and properties (`action :delete` keeps `:delete`). */
type Resource = { readonly type: string; readonly name: string; readonly props: ReadonlyMap<string, string> };

/** The resources of a recipe given inline (`chef-apply -e '…'`), or null when it is not only `TYPE 'NAME' do … end`. */
export function chefResources(recipe: string): Resource[] | null {
  const ts = tokens(recipe);
  const out: Resource[] = [];
  let i = 0;
  while (i < ts.length) {
    if (ts[i]!.text === ";") {
      i++;
      continue;
    }
    const [type, name, open] = [ts[i], ts[i + 1], ts[i + 2]];
    if (type?.kind !== "word" || name?.kind !== "string") return null;
    const props = new Map<string, string>();
    if (open?.text !== "do") {
      out.push({ type: type.text, name: name.text, props });
      i += 2;
      continue;
    }
    i += 3;
    for (; i < ts.length && ts[i]!.text !== "end"; i++) {
      const [key, value] = [ts[i]!, ts[i + 1]];
      if (key.kind === "word" && /^\w+$/.test(key.text) && value !== undefined && value.text !== ";") {
        props.set(key.text, value.text);
        i++;
      }
    }
    if (i >= ts.length) return null;
    i++;
    out.push({ type: type.text, name: name.text, props });
  }
  return out;
}

/** A chef resource as a command line, or null when the resource is not one this file reads. */
export function chefLine(r: Resource): string | null {
  const p = (k: string) => r.props.get(k);
  const deletes = p("action") === ":delete";
  switch (r.type) {
    case "execute":
      return p("command") ?? r.name;
    case "bash":
    case "script":
      return p("code") ?? null;
    case "remote_file": {
      const source = p("source");
      if (deletes) return `rm -f ${q(r.name)}`;
      return source === undefined ? null : fetchTo(source, p("path") ?? r.name, "");
    }
    case "file": {
      if (deletes) return `rm -f ${q(p("path") ?? r.name)}`;
      const content = p("content");
      return content === undefined ? null : writeText(content, p("path") ?? r.name, false, "");
    }
    case "directory": {
      const path = p("path") ?? r.name;
      if (deletes) return `rm ${yes(p("recursive")) ? "-rf" : "-d"} ${q(path)}`;
      const lines = [`mkdir -p ${q(path)}`];
      if (p("mode") !== undefined) lines.push(`chmod ${p("mode")} ${q(path)}`);
      if (p("owner") !== undefined) lines.push(`chown ${q(p("owner")!)} ${q(path)}`);
      return lines.join("; ");
    }
    case "archive_file": {
      const dest = p("destination");
      return dest === undefined ? null : extract(p("path") ?? r.name, dest, "");
    }
    case "link": {
      const to = p("to");
      return to === undefined ? null : `ln -sf ${q(to)} ${q(p("target_file") ?? r.name)}`;
    }
    case "cron": {
      const command = p("command");
      if (command === undefined) return null;
      const when = ["minute", "hour", "day", "month", "weekday"].map((k) => p(k) ?? "*").join(" ");
      return cronLine(when, command);
    }
    default:
      return null;
  }
}

/** `salt-call --local MODULE.FUNCTION ARGS…` as a command line, or null when the function is not one read here. */
export function saltLine(fn: string, args: readonly string[]): string | null {
  const positional = args.filter((a) => !/^\w+=/.test(a));
  const kw = new Map<string, string>();
  for (const m of args.map((a) => /^(\w+)=(.*)$/s.exec(a))) if (m !== null) kw.set(m[1]!, m[2]!);
  const [a0, a1] = positional;
  switch (fn) {
    case "cmd.run":
    case "cmd.shell":
    case "cmd.run_all":
      return a0 ?? kw.get("cmd") ?? null;
    case "file.append":
      return a0 === undefined || positional.length < 2 ? null : writeText(positional.slice(1).join("\n"), a0, true, "");
    case "file.write":
      return a0 === undefined || positional.length < 2
        ? null
        : writeText(positional.slice(1).join("\n"), a0, false, "");
    case "file.remove":
      return a0 === undefined ? null : `rm -rf ${q(a0)}`;
    case "file.copy":
      return a0 === undefined || a1 === undefined ? null : `cp -r ${q(a0)} ${q(a1)}`;
    case "cp.get_url":
      return a0 === undefined || a1 === undefined ? null : fetchTo(a0, a1, "");
    case "cron.set_job": {
      const [user, ...rest] = positional;
      if (user === undefined || rest.length < 6) return null;
      return cronLine(rest.slice(0, 5).join(" "), rest.slice(5).join(" "));
    }
    case "ssh.set_auth_key":
      return a0 === undefined || a1 === undefined
        ? null
        : writeText(`ssh-${kw.get("enc") ?? "rsa"} ${a1}`, `${home(a0)}/.ssh/authorized_keys`, true, "");
    case "pip.install": {
      const pkgs = a0 ?? kw.get("pkgs");
      if (pkgs === undefined) return null;
      const index = kw.get("index_url");
      return `pip install ${index !== undefined ? `--index-url ${q(index)} ` : ""}${pkgs.split(",").map(q).join(" ")}`;
    }
    default:
      return null;
  }
}
