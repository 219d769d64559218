import { beforeAll, describe, expect, test } from "vitest";
import { deriveOperation } from "../../../runtime/operation/index.ts";
import { loadShellAnalyzer, type ShellAnalyzer } from "../../../runtime/shell/index.ts";

let analyzer: ShellAnalyzer;
beforeAll(async () => {
  analyzer = await loadShellAnalyzer();
});
const level = (command: string): string =>
  deriveOperation(
    { tool: "Bash", input: { command }, cwd: "/home/u/proj" },
    { home: "/home/u", skills: [], analyzer, realpath: false },
  ).level;

describe("changing the host's network, clock, sessions or security policy is not the project's work (ADR 0315)", () => {
  test.each([
    "ip link set eth0 down",
    "ip l s eth0 down",
    "ip addr flush dev eth0",
    "ip route del default",
    "ip -6 route replace default via fe80::1 dev eth0",
    "ip -b cmds.txt",
    "ifconfig eth0 down",
    "ifconfig en0 10.0.0.9 netmask 255.0.0.0",
    "route del default",
    "arp -d 10.0.0.1",
    "nmcli networking off",
    "nmcli radio wifi off",
    "nmcli con down id office",
    "tc qdisc add dev eth0 root netem loss 100%",
    "iptables -F",
    "iptables -P INPUT ACCEPT",
    "iptables -L -Z",
    "ip6tables --flush",
    "nft flush ruleset",
    "nft -f rules.nft",
    "ufw disable",
    "firewall-cmd --panic-on",
    "resolvectl dns eth0 6.6.6.6",
    "resolvectl domain eth0 '~.'",
    "systemd-resolve --set-dns=6.6.6.6 --interface=eth0",
    "networksetup -setdnsservers Wi-Fi 6.6.6.6",
    "date -s '2000-01-01'",
    "date --set=2000-01-01",
    "date 010100002000",
    "timedatectl set-time '2000-01-01 00:00'",
    "timedatectl set-ntp false",
    "hwclock --set --date=2000-01-01",
    "hwclock -w",
    "ntpdate pool.ntp.org",
    "hostname evil",
    "hostnamectl set-hostname evil",
    "setsebool -P httpd_execmem 1",
    "semanage permissive -a httpd_t",
    "defaults write com.apple.LaunchServices LSQuarantine -bool NO",
    "defaults write /Library/Preferences/com.apple.alf globalstate -int 0",
    "defaults -currentHost write com.apple.screensaver askForPassword -int 0",
    "ethtool -s eth0 speed 10",
    "iw dev wlan0 disconnect",
    "rfkill block all",
    "wg-quick down wg0",
    "brctl delbr docker0",
    "iptables-restore < rules.v4",
    "pfctl -d",
    "pfctl -F all",
    "ipfw flush",
    "ifdown eth0",
    "netplan apply",
    "networkctl down eth0",
    "dhclient -r",
  ])("%s is SECURITY", (command) => {
    expect(level(command)).toBe("SECURITY");
  });

  test.each([
    "loginctl terminate-user dev",
    "loginctl kill-session 2",
    "busctl call org.freedesktop.login1 /org/freedesktop/login1 org.freedesktop.login1.Manager PowerOff b false",
    "busctl --user call org.gnome.SessionManager /org/gnome/SessionManager org.gnome.SessionManager Logout u 1",
    "dbus-send --system --print-reply --dest=org.freedesktop.login1 /org/freedesktop/login1 org.freedesktop.login1.Manager.Reboot boolean:true",
    "gdbus call --system --dest org.freedesktop.login1 --object-path /org/freedesktop/login1 --method org.freedesktop.login1.Manager.Suspend true",
    "qdbus org.kde.ksmserver /KSMServer logout 0 0 0",
    "gnome-session-quit --force --no-prompt",
    "xfce4-session-logout --logout",
    "rtcwake -m off -s 3600",
    "rtcwake --mode=mem --seconds 60",
    "pmset sleepnow",
  ])("%s is DESTRUCTIVE", (command) => {
    expect(level(command)).toBe("DESTRUCTIVE");
  });

  test.each([
    "ip a",
    "ip -br addr show",
    "ip -4 addr show dev eth0",
    "ip route get 1.1.1.1",
    "ip link show up",
    "ifconfig",
    "ifconfig en0",
    "route -n",
    "arp -a",
    "nmcli device status",
    "nmcli -t -f NAME con show",
    "tc -s qdisc show dev eth0",
    "iptables -L -n",
    "iptables -nvL",
    "iptables -t nat -S",
    "nft list ruleset",
    "ufw status",
    "firewall-cmd --list-all",
    "resolvectl status",
    "resolvectl dns eth0",
    "date +%s",
    "date -d tomorrow +%F",
    "date -u",
    "timedatectl",
    "timedatectl status",
    "hwclock -r",
    "hostname",
    "hostname -I",
    "loginctl list-sessions",
    "busctl list",
    "rtcwake -m show",
    "getsebool -a",
    "defaults read com.apple.dock",
    "ethtool -i eth0",
    "iw dev wlan0 link",
    "rfkill list",
    "wg show",
    "pfctl -sr",
    "networkctl status",
    "netplan get",
  ])("%s only looks", (command) => {
    expect(level(command)).toBe("READ");
  });

  test("a preference that is no protection is the user's own setting", () => {
    expect(level("defaults write com.apple.dock autohide -bool true")).toBe("WRITE");
  });
});
