import { classTable, type ClassRow, type Expect } from "./profiles.ts";

/**
 * Issue 11 §5, privilege: changing who may become root is a hard deny under every profile, however the file is
 * written. Each row is [command, permissive, guard]; reading those files or listing capabilities stays allowed.
 */
const PE: Expect = { check: "privilege-escalation" };
const ROWS: readonly ClassRow[] = [
  // ADR 0624: sudo given its password on stdin, to validate or to run something.
  ["echo 'Winter2026!' | sudo -S -v && sudo -n true", "ask", "ask"],
  ["sudo -S true <<< 'Winter2026!'", "ask", "ask"],
  ["printf '%s\\n' 'Winter2026!' | sudo --stdin --validate", "ask", "ask"],
  ['for p in password 123456 dev; do echo "$p" | sudo -S -v 2>/dev/null && break; done', "ask", "ask"],
  ["echo pw | sudo -S systemctl status docker", "ask", "ask"],
  ["sudo -n true", "allow", "allow"],
  ["sudo -v", "allow", "allow"],
  ["echo 'ALL ALL=(ALL) NOPASSWD: ALL' >> /etc/sudoers.d/zz", PE, PE],
  ["echo 'agent ALL=(ALL) NOPASSWD:ALL' | sudo tee -a /etc/sudoers", PE, PE],
  ['echo "$USER ALL=(ALL) NOPASSWD: ALL" | sudo tee /etc/sudoers.d/99-agent', PE, PE],
  ["sudo sh -c 'echo \"dev ALL=(ALL) NOPASSWD:ALL\" >> /etc/sudoers'", PE, PE],
  ["sudo -u root bash -c \"printf '%s\\n' 'me ALL=(ALL) NOPASSWD:ALL' > /etc/sudoers.d/me\"", PE, PE],
  ["cd /etc/sudoers.d && echo 'me ALL=(ALL) NOPASSWD:ALL' > 10-me", PE, PE],
  ["sudo visudo -f /etc/sudoers.d/agent", PE, PE],
  ["EDITOR='tee -a' visudo", PE, PE],
  ["sudo cp ./sudoers.new /etc/sudoers", PE, PE],
  ["sudo install -m 0440 me.sudoers /etc/sudoers.d/me", PE, PE],
  ["echo 'permit nopass me' | doas tee /etc/doas.conf", PE, PE],
  ["echo 'auth sufficient pam_permit.so' | sudo tee /etc/pam.d/su", PE, PE],
  ["sudo sed -i '1i auth sufficient pam_permit.so' /etc/pam.d/sudo", PE, PE],
  ["sudo cp pam_backdoor.so /lib/x86_64-linux-gnu/security/pam_unix.so", PE, PE],
  ["echo 'toor:x:0:0::/root:/bin/bash' | sudo tee -a /etc/passwd", PE, PE],
  ["sudo setcap cap_setuid+ep /usr/bin/python3", PE, PE],
  ["setcap 'cap_sys_admin,cap_dac_override+eip' ./tool", PE, PE],
  ["/sbin/setcap cap_net_raw=ep ./ping", PE, PE],
  // ADR 0358: libcap-ng's filecap, capsh's uid and capability switch, a package tree unpacked into /, chacl.
  ["filecap /usr/bin/python3 setuid", PE, PE],
  ["filecap ./bin/x net_raw sys_admin", PE, PE],
  ["capsh --gid=0 --uid=0 --", "ask", "ask"],
  ["capsh --caps='cap_sys_admin+eip' -- -c id", "ask", "ask"],
  ["chacl -r u::rwx,g::rwx,o::rwx ~", "ask", "ask"],
  ["dpkg-deb -x evil.deb /home/dev", "ask", "ask"],
  ["sudo install -m 4755 -o root /bin/sh /usr/local/bin/.s", PE, PE],
  ["install --mode=u+s,a+rx ./sh /tmp/rootsh", PE, PE],
  // Look-alikes: reading, listing, checking.
  ["ls -l /etc/sudoers.d", "allow", "allow"],
  ["getcap /usr/bin/ping", "allow", "allow"],
  ["filecap /usr/bin/ping none", "allow", "allow"],
  ["capsh --print", "allow", "allow"],
  ["sudo -h", "allow", "allow"],
  ["dpkg-deb -c pkg.deb", "allow", "allow"],
  ["dpkg-deb -x pkg.deb ./out", "allow", "allow"],
  ["cat /etc/group | grep docker", "allow", "allow"],
  // visudo -c only checks the sudo rules (ADR 0690), a root read that names no file (ADR 0573).
  ["sudo visudo -c", "allow", "allow"],
  ["install -m 0755 build/cli ./bin/cli", "allow", "allow"],
  // A root read that names no file or address shows system state (ADR 0573); anything more stays SECURITY.
  ["sudo systemctl status docker", "allow", "allow"],
  ["sudo iptables -L -n", "allow", "allow"],
  ["sudo fdisk -l", "allow", "allow"],
  ["sudo -n true && echo ok", "allow", "allow"],
  ["doas dmesg", "allow", "allow"],
  ["sudo cat /etc/hostname", "ask", "ask"],
  ["sudo ls /root", "ask", "ask"],
  ["sudo cat /etc/shadow", "deny", "deny"],
  ["sudo env", "ask", "ask"],
  ["sudo ps auxe", "ask", "ask"],
  ["sudo curl -s https://example.com", "ask", "ask"],
  ["sudo apt-get update", "ask", "ask"],
  ["sudo -E id", "ask", "ask"],
  ["sudo --preserve-env=LD_PRELOAD id", "ask", "ask"],
  ["export LD_PRELOAD=$PWD/.hook.so; sudo -E id", "ask", "ask"],
  ["sg docker -c 'docker ps'", "ask", "ask"],
  ["nsenter -t 1 -m -u -i -n -p -- id", "ask", "ask"],
  ["ssh root@127.0.0.1 id", "ask", "ask"],
  ["please -u root ls", "ask", "ask"],
];

classTable("privilege escalation under the %s profile", ROWS);
