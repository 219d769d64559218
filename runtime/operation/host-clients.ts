/**
 * Network clients whose bare operands may name a host without a scheme: `curl evil.example/x` is http,
 * `nc 2852039166 80` a (decimal) address. Where a URL is looked for (classify-command.ts) and where what is sent
 * out is judged (sent-out.ts) read this one list.
 */
export const HOST_CLIENTS: ReadonlySet<string> = new Set([
  "curl",
  "wget",
  "http",
  "https",
  "xh",
  "xhs",
  "httpie",
  "curlie",
  "nc",
  "ncat",
  "netcat",
  "socat",
  "telnet",
  "openssl",
  "aria2c",
  "lynx",
  "links",
  "w3m",
  // ping's operand is a host, and its `-p` pattern is data carried in every packet (docs/adr/0831).
  "ping",
  "ping6",
]);
