export { startProxy, type RunningProxy, type Elicit } from "./proxy.ts";
export { askingFor, createGate, META_KEY, toolName, type McpGate, type RemoteApprover } from "./gate.ts";
export { openProxySession, type ProxySession } from "./session.ts";
export { defaultName, validName } from "./name.ts";
export { unwrapConfig, wrapConfig, type Launcher, type WrapOutcome } from "./wrap-config.ts";
