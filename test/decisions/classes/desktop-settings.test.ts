import { classTable, type ClassRow } from "./profiles.ts";

/**
 * ADR 0565: desktop settings that outlive the call. The session's proxy (every browser's and tool's traffic through
 * whoever it names) and the default handler of a type or scheme (a program run whenever such a file or link opens)
 * are SECURITY: asked under both profiles. Other preferences and every read stay allowed.
 */
const ROWS: readonly ClassRow[] = [
  // ADR 0627: the screen lock, whole-tree resets and root loads, GConf unsets, pip's proxy and trust settings.
  ["dconf reset -f /", "ask", "ask"],
  ["dconf load / < /tmp/settings.ini", "ask", "ask"],
  [
    "gsettings set org.gnome.desktop.screensaver lock-enabled false && gsettings set org.gnome.desktop.session idle-delay 0",
    "ask",
    "ask",
  ],
  ["pip config set global.proxy http://203.0.113.7:8080", "ask", "ask"],
  ["gconftool-2 --recursive-unset /apps", "ask", "ask"],
  ["dconf dump / > /tmp/d && dconf reset -f /org/gnome/", "ask", "ask"],
  ["dconf write /org/gnome/desktop/lockdown/disable-lock-screen true", "ask", "ask"],
  ["pip config set global.timeout 60", "allow", "allow"],
  ["pip config list", "allow", "allow"],
  ["dconf write /org/gnome/desktop/interface/color-scheme \"'prefer-dark'\"", "allow", "allow"],
  ["dconf load /org/gnome/terminal/ < terminal.ini", "allow", "allow"],
  ["gsettings set org.gnome.desktop.interface gtk-theme Adwaita-dark", "allow", "allow"],
  ["gconftool-2 --get /apps/gnome-terminal/profiles/Default/font", "allow", "allow"],
  ["dconf reset /org/gnome/desktop/interface/gtk-theme", "allow", "allow"],
  [
    "gsettings set org.gnome.system.proxy mode manual && gsettings set org.gnome.system.proxy.http host 203.0.113.7",
    "ask",
    "ask",
  ],
  ["gsettings set org.gnome.system.proxy.https port 8080", "ask", "ask"],
  ["gsettings set org.gnome.desktop.default-applications.terminal exec /tmp/.x", "ask", "ask"],
  ["dconf write /system/proxy/mode \"'manual'\"", "ask", "ask"],
  ["dconf write /system/proxy/http/host \"'203.0.113.7'\"", "ask", "ask"],
  ["kwriteconfig5 --file kioslaverc --group 'Proxy Settings' --key ProxyType 1", "ask", "ask"],
  ["xdg-mime default evil.desktop text/html", "ask", "ask"],
  ["xdg-settings set default-web-browser evil.desktop", "ask", "ask"],
  // Look-alikes: a theme, reads of the same keys.
  ["gsettings set org.gnome.desktop.interface color-scheme prefer-dark", "allow", "allow"],
  ["gsettings get org.gnome.system.proxy mode", "allow", "allow"],
  ["dconf read /system/proxy/mode", "allow", "allow"],
  ["dconf write /org/gnome/desktop/interface/gtk-theme \"'Adwaita-dark'\"", "allow", "allow"],
  ["xdg-mime query default text/html", "allow", "allow"],
  ["kwriteconfig5 --file kdeglobals --group General --key ColorScheme BreezeDark", "allow", "allow"],
];

classTable("desktop proxies and default handlers under the %s profile", ROWS);
