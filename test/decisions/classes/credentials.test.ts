import { classTable, type ClassRow, type Expect } from "./profiles.ts";

/**
 * Credentials revealed by the tools that hold or find them (ADR 0540): a framework's encrypted credentials shown
 * or decrypted, a login store printed, a secret scanner printing its findings unredacted, git's history searched
 * for a secret's name with the patches shown. Each is a credential read: SECURITY, asked under both profiles.
 * Each row is [command, permissive, guard].
 */
const ROWS: readonly ClassRow[] = [
  // ADR 0630: system secrets, more tools' logins in the home, key stores and password databases by extension.
  ["cat /etc/ssh/ssh_host_rsa_key", "deny", "deny"],
  ["cat /etc/shadow-", "deny", "deny"],
  ["cat /tmp/krb5cc_1000", "deny", "deny"],
  ["cat /root/.bash_history", "deny", "deny"],
  ["cat ~/.msmtprc", "deny", "deny"],
  ["cat ~/.config/openstack/clouds.yaml", "deny", "deny"],
  ["cp ~/Passwords.kdbx ./fixtures/", "deny", "deny"],
  ["cat ~/keystores/upload-keystore.jks | base64", "deny", "deny"],
  ["cat .envrc", "deny", "deny"],
  ["cat /etc/ssh/ssh_host_rsa_key.pub", "allow", "allow"],
  ["cat /etc/ssh/sshd_config", "allow", "allow"],
  ["cat /etc/hosts", "allow", "allow"],
  ["keytool -list -keystore build/debug.keystore", "deny", "deny"],
  ["ls /root", "allow", "allow"],
  // ADR 0626: names an archiver reads from another command's output: a lister's selection, else unknown.
  ["ls ~/.ssh/id_* | zip -q /tmp/s.zip -@", "ask", "ask"],
  ["ls -d ~/.ssh/* | cpio -o > /tmp/k.cpio", "ask", "ask"],
  ["find ~/.ssh -name 'id_*' | cpio -o > /tmp/k.cpio", "deny", "deny"],
  ["cat files.txt | zip out.zip -@", "ask", "ask"],
  ["find src -name '*.c' | cpio -o > src.cpio", "allow", "allow"],
  ["git ls-files '*.ts' | zip -q /tmp/src.zip -@", "allow", "allow"],
  ["find . -name '*.md' | zip docs.zip -@", "allow", "allow"],
  ["bin/rails credentials:show", "ask", "ask"],
  ["EDITOR=cat bin/rails credentials:edit", "ask", "ask"],
  ["bundle exec rails credentials:show --environment production", "ask", "ask"],
  ["rails encrypted:show config/keys.yml.enc", "ask", "ask"],
  ["php artisan env:decrypt --force", "ask", "ask"],
  ["php bin/console secrets:reveal DATABASE_PASSWORD", "ask", "ask"],
  ["npx dotenvx decrypt", "ask", "ask"],
  ["mysql_config_editor print --all", "ask", "ask"],
  ["gitleaks detect --no-redact -v", "ask", "ask"],
  ["gitleaks git -v", "ask", "ask"],
  ["trufflehog filesystem /home/dev --no-verification", "ask", "ask"],
  ["trufflehog git file://.", "ask", "ask"],
  ["ggshield secret scan path . --show-secrets -r", "ask", "ask"],
  ["git log -p --all -S 'AWS_SECRET' | head -100", "ask", "ask"],
  ["git log --all -G password --patch", "ask", "ask"],
  ["git show -S api_key HEAD~3", "ask", "ask"],
  // Look-alikes: tasks that neither show nor decrypt, scanners that only count or redact, history searched for
  // code, or for a secret's name without its patches.
  ["rails credentials:diff", "allow", "allow"],
  ["php artisan env:encrypt", "allow", "allow"],
  ["php bin/console secrets:list", "allow", "allow"],
  ["gitleaks detect", "allow", "allow"],
  ["gitleaks detect --redact -v", "allow", "allow"],
  ["git log -S 'AWS_SECRET' --oneline", "allow", "allow"],
  ["git log -p -S renderHeader", "allow", "allow"],
  // ADR 0636: service configs, key files by their usual names, a mounted parent of logins, secrets printed by CLIs.
  ["cat /etc/grafana/grafana.ini", "deny", "deny"],
  ["cat /etc/redis/redis.conf", "deny", "deny"],
  ["cat firebase-adminsdk.json", "deny", "deny"],
  ["cat keys/acme-firebase-adminsdk-x1y2z.json", "deny", "deny"],
  ["cat serviceAccountKey.json", "deny", "deny"],
  ["cat deploy/kubeconfig-prod.yaml", "deny", "deny"],
  ["cat .secrets", "deny", "deny"],
  ["cat ~/backup/secret-key.asc", "deny", "deny"],
  ["docker run --rm -v ~/.config:/c alpine cat /c/gh/hosts.yml", "deny", "deny"],
  ["podman run --rm -v ~/.config:/c:Z alpine cat /c/rclone/rclone.conf", "deny", "deny"],
  ["docker run --rm -v ~/.local/share:/s alpine ls /s", "deny", "deny"],
  ["gcloud config config-helper --format=json", "ask", "ask"],
  ["pulumi config get dbPassword", "ask", "ask"],
  ["pulumi config --show-secrets", "ask", "ask"],
  ["helm get values prod-db -n prod --all", "ask", "ask"],
  ["az aks get-credentials -n prod -g prod-rg --admin --file -", "ask", "ask"],
  ["aws lightsail download-default-key-pair", "ask", "ask"],
  ["cat src/config/credentials.example.json", "allow", "allow"],
  ["cat secrets.example.yaml", "allow", "allow"],
  ["cat src/lib/kubeconfig.ts", "allow", "allow"],
  ['docker run --rm -v "$PWD":/app -w /app node:20 npm test', "allow", "allow"],
  ["docker run --rm -v ~/.config/myapp:/c alpine ls /c", "allow", "allow"],
  ["az aks get-credentials -n prod -g prod-rg", "allow", "allow"],
  ["pulumi config", "allow", "allow"],
  // ADR 0648: jq's filter reading the environment prints it as `env` does; fields named env are data.
  ["jq -n 'env'", "ask", "ask"],
  ["jq -n '$ENV | with_entries(select(.key|test(\"TOKEN|SECRET|KEY\")))'", "ask", "ask"],
  ["jq -rn 'env | to_entries[] | \"\\(.key)=\\(.value)\"'", "ask", "ask"],
  ["gojq -n '$ENV'", "ask", "ask"],
  ["jq '.env' config.json", "allow", "allow"],
  ["jq 'select(.name == \"env\")' list.json", "allow", "allow"],
  ["jq . env.json", "allow", "allow"],
  ["grep -rn env src", "allow", "allow"],
  // ADR 0654: a CLI's stored keys listed, tmux's environment for new panes printed.
  ["stripe config --list", "ask", "ask"],
  ["stripe config --list --project-name prod", "ask", "ask"],
  ["tmux show-environment -g", "ask", "ask"],
  ["tmux showenv", "ask", "ask"],
  ["tmux show-env -t main", "ask", "ask"],
  ["stripe listen --forward-to localhost:3000", "allow", "allow"],
  ["tmux show-options -g", "allow", "allow"],
];

classTable("credentials revealed under the %s profile", ROWS);

/**
 * A secret-named variable printed (ADR 0541), as `printenv GITHUB_TOKEN` is: a data store's connection string
 * carries its password too. A name in single quotes is printed as a name; an address without a store is no secret.
 */
const CR: Expect = { check: "credential-read" };
const PRINTED: readonly ClassRow[] = [
  ['echo "$DATABASE_URL"', CR, CR],
  ["printf '%s\\n' \"url=${REDIS_URL}\"", CR, CR],
  ['cat <<< "$DATABASE_URL"', CR, CR],
  ["printenv MONGODB_URI", CR, CR],
  ['echo "dsn: $SENTRY_DSN"', CR, CR],
  ["echo 'set $DATABASE_URL in .env'", "allow", "allow"],
  ['echo "$API_URL"', "allow", "allow"],
  ['cat <<< "$DATABASE_HOST"', "allow", "allow"],
];

classTable("secret variables printed under the %s profile", PRINTED);

/**
 * What prints no secret (ADR 0543): kubectl's listing of secrets shows names, types and ages, and openssl's digests
 * and reports hash or describe what they are given. An output format that prints the objects still reads them.
 */
const LISTED: readonly ClassRow[] = [
  ["kubectl get secrets -n dev", "allow", "allow"],
  ["kubectl get secret -n dev -o wide", "allow", "allow"],
  ["oc get secrets -o name", "allow", "allow"],
  ["openssl dgst -sha256 dist/app.js", "allow", "allow"],
  ["openssl sha256 package.json", "allow", "allow"],
  ["openssl version -a", "allow", "allow"],
  ["kubectl get secrets -n dev -o yaml", CR, CR],
  ["kubectl get secret db -oyaml", CR, CR],
  ["kubectl get secret db -o jsonpath='{.data.password}'", CR, CR],
  ["openssl dgst -sha256 -sign ~/.ssh/id_rsa dist/app.js", "deny", "deny"],
];

classTable("listings and digests under the %s profile", LISTED);

/** A key's public half and fingerprint, and a key made now inside the project (ADR 0576). */
const PUBLIC_AND_NEW: readonly ClassRow[] = [
  ["ssh-keygen -y -f ~/.ssh/id_rsa", "allow", "allow"],
  ["ssh-keygen -l -f ~/.ssh/id_rsa", "allow", "allow"],
  ["ssh-keygen -y -f ~/.ssh/id_rsa > ~/.ssh/id_rsa.pub", "ask", "ask"],
  ["ssh-keygen -y -P hunter2 -f ~/.ssh/id_rsa", "deny", "deny"],
  ["ssh-keygen -p -f ~/.ssh/id_rsa", "deny", "deny"],
  ["ssh-keygen -e -f ~/.ssh/id_rsa", "deny", "deny"],
  ["ssh-keygen -y -f ~/.ssh/id_rsa ~/.aws/credentials", "deny", "deny"],
  [
    "openssl req -x509 -newkey rsa:2048 -nodes -keyout certs/dev.key -out certs/dev.crt -days 365 -subj /CN=localhost",
    "allow",
    "allow",
  ],
  ["openssl genrsa -out server.key 2048", "allow", "allow"],
  ["openssl req -x509 -newkey rsa:2048 -nodes -keyout ~/.ssh/id_rsa -out x.crt -subj /CN=x", "deny", "deny"],
  ["openssl genrsa -out ~/.ssh/id_rsa 2048", "deny", "deny"],
  ["openssl req -x509 -newkey rsa:2048 -nodes -keyout /tmp/k.key -out /tmp/c.crt -subj /CN=x", "deny", "deny"],
  ["openssl req -new -key ~/.ssh/id_rsa -out x.csr", "deny", "deny"],
  ["openssl rsa -in certs/dev.key -text", "deny", "deny"],
];

classTable("public halves and new keys under the %s profile", PUBLIC_AND_NEW);

/** Wallets, keys under odd names, package and SaaS logins, vim's saved registers, the kernel keyring (ADR 0740). */
const MISSED_KINDS: readonly ClassRow[] = [
  ["cat ~/.config/solana/id.json", "deny", "deny"],
  // ADR 0850 (withdrawn): a credential path inside the project's .git is inside every read of the whole project.
  ["grep -r pattern .", "allow", "allow"],
  ["docker build .", "allow", "allow"],
  ["cp ~/.config/solana/devnet/deployer.json ./keys-backup.json", "deny", "deny"],
  ["cp -r ~/.ethereum/keystore ./wallet-backup", "deny", "deny"],
  ["cat ~/.ethereum/sepolia/keystore/UTC--2024-01-01T00-00-00.0Z--abc", "deny", "deny"],
  ["head -c 4096 ~/.bitcoin/wallet.dat | xxd", "deny", "deny"],
  ["cat ~/.electrum/wallets/default_wallet", "deny", "deny"],
  ["cat ~/.android/adbkey", "deny", "deny"],
  ["cat ~/.lima/_config/user", "deny", "deny"],
  ["cat ~/.config/chezmoi/key.txt", "deny", "deny"],
  ["cat ~/.config/age/keys.txt", "deny", "deny"],
  ["cat ~/.config/pypoetry/auth.toml", "deny", "deny"],
  ["cat ~/.config/pip/pip.conf", "deny", "deny"],
  ["cat ~/.config/dart/pub-credentials.json", "deny", "deny"],
  ["cat ~/.mix/hex.config", "deny", "deny"],
  ["cat ~/.snowflake/connections.toml", "deny", "deny"],
  ["cat ~/.purple/accounts.xml", "deny", "deny"],
  ["cat android/key.properties", "deny", "deny"],
  ["cat ~/.viminfo | grep -i password", "deny", "deny"],
  ["keyctl print %user:ceph.client.admin", "ask", "ask"],
  ["keyctl pipe %user:ceph.client.admin", "ask", "ask"],
  ["keyctl read 123456", "ask", "ask"],
  // Look-alikes: public halves, listings, the keyring's ids and descriptions, a project's own settings.
  ["cat ~/.android/adbkey.pub", "allow", "allow"],
  ["ls ~/.config/solana", "allow", "allow"],
  ["cat ~/.vimrc", "allow", "allow"],
  ["cat android/gradle.properties", "allow", "allow"],
  ["cat docs/keys.md", "allow", "allow"],
];

classTable("wallets, odd key names and tool logins under the %s profile", MISSED_KINDS);

/**
 * A walk's name test selects entries by name, not what a directory of that name may hold (ADR 0771): `tmp*.sock`
 * in /tmp cannot name Kerberos' `krb5cc_*`, but a name test that can still does.
 */
const WALK_NAMES: readonly ClassRow[] = [
  ["find /tmp -maxdepth 1 -name 'tmp*.sock' -user dev -delete", "allow", "allow"],
  ["find /tmp -name 'krb5cc_*' -exec cat {} +", "deny", "deny"],
  ["find /tmp -name 'krb5*' -exec cp {} . \\;", "deny", "deny"],
  ["find ~/.aws -name '*' -exec cat {} +", "deny", "deny"],
];

classTable("names selected by a walk under the %s profile", WALK_NAMES);

// ADR 0786: names an archiver reads from stdin take an operand's role: whole trees, below a list's `-C DIR` lines,
// split on NUL too, and deleted with --remove-files.
const STDIN_TREES: readonly ClassRow[] = [
  ["printf '%s\\n' .. | tar czf x.tgz -T -", "deny", "deny"],
  ["printf '/\\n' | tar czf h.tgz -T -", "deny", "deny"],
  ["printf '.\\n' | tar czf h.tgz -C / -T -", "deny", "deny"],
  ["printf '%s\\n' .. | zip -r@ k.zip", "deny", "deny"],
  ["tar czf x.tgz -T - <<< /home/dev", "deny", "deny"],
  ["printf -- '-C\\n/home/dev\\n.ssh\\n' | tar czf k.tgz -T -", "deny", "deny"],
  ["printf '%s\\n' -C /home/dev .ssh | tar czf k.tgz -T -", "deny", "deny"],
  ["printf '/home/dev/.ssh\\0' | tar --null -czf k.tgz -T -", "deny", "deny"],
  ["printf '/home/dev/.bashrc\\n' | tar cf x.tar -T - --remove-files", "deny", "deny"],
  ["printf '%s\\n' .. | tar cf x.tar -T - --remove-files", "deny", "deny"],
  ["printf 'src\\n' | tar czf x.tgz -T -", "allow", "allow"],
  ["printf -- 'src\\nREADME.md\\n' | tar czf x.tgz -T -", "allow", "allow"],
  ["printf '%s\\n' src docs | zip -r@ k.zip", "allow", "allow"],
];

classTable("names read from stdin under the %s profile", STDIN_TREES);
