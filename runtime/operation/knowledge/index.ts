/**
 * Every program rulegate knows, by name. Tables are data (one file per family); this index only merges them,
 * and a test checks that no name is claimed twice, so the first table cannot silently shadow another.
 */
import { BASIC } from "./basic.ts";
import { CAPTURE } from "./capture.ts";
import { CDK } from "./cdk.ts";
import { CLOUD } from "./cloud.ts";
import { CONVERTERS } from "./converters.ts";
import { SECRET_STORES } from "./cloud-access.ts";
import { CONFIG_EDITORS } from "./config-editors.ts";
import { CONTAINER_RUNTIMES } from "./container-runtimes.ts";
import { DATA_SERVICES } from "./data-services.ts";
import { DATABASE } from "./database.ts";
import { DEV_PLATFORMS } from "./dev-platforms.ts";
import { DEVICES } from "./devices.ts";
import { DOWNLOADERS } from "./downloaders.ts";
import { ENVIRONMENT } from "./environment.ts";
import { EXTRACTORS } from "./extractors.ts";
import { FILESYSTEM } from "./filesystem.ts";
import { FLEET } from "./fleet.ts";
import { GIT, HISTORY_REWRITERS } from "./git.ts";
import { HOME_MANAGERS } from "./home-managers.ts";
import { HOST_STATE } from "./host.ts";
import { HOST_REACH } from "./host-reach.ts";
import { LOAD_GENERATORS } from "./load.ts";
import { NETWORK } from "./network.ts";
import { PACKAGES } from "./packages.ts";
import { PUBLICATION } from "./publication.ts";
import { REMOTE_ACCESS } from "./remote-access.ts";
import { REPOSITORY_SECRETS } from "./repository-secrets.ts";
import { RULEGATE } from "./rulegate.ts";
import { STORAGE } from "./storage.ts";
import { SYSTEM } from "./system.ts";
import { TEMPLATES } from "./templates.ts";
import { TOOLCHAIN_MANAGERS } from "./tool-config.ts";
import type { Program } from "./types.ts";
import { VIRTUALIZATION } from "./virtualization.ts";
import { VOLUMES } from "./volumes.ts";

export const TABLES: Readonly<Record<string, readonly Program[]>> = {
  basic: BASIC,
  environment: ENVIRONMENT,
  filesystem: FILESYSTEM,
  "home-managers": HOME_MANAGERS,
  converters: CONVERTERS,
  extractors: EXTRACTORS,
  "config-editors": CONFIG_EDITORS,
  git: [GIT, HISTORY_REWRITERS],
  network: NETWORK,
  capture: CAPTURE,
  downloaders: DOWNLOADERS,
  packages: PACKAGES,
  templates: TEMPLATES,
  publication: PUBLICATION,
  "remote-access": REMOTE_ACCESS,
  cloud: CLOUD,
  cdk: CDK,
  "container-runtimes": CONTAINER_RUNTIMES,
  "secret-stores": SECRET_STORES,
  "repository-secrets": REPOSITORY_SECRETS,
  "dev-platforms": DEV_PLATFORMS,
  database: DATABASE,
  "data-services": DATA_SERVICES,
  storage: STORAGE,
  virtualization: VIRTUALIZATION,
  fleet: FLEET,
  system: SYSTEM,
  host: HOST_STATE,
  "host-reach": HOST_REACH,
  devices: DEVICES,
  volumes: VOLUMES,
  load: LOAD_GENERATORS,
  toolchains: TOOLCHAIN_MANAGERS,
  rulegate: RULEGATE,
};

const BY_NAME: ReadonlyMap<string, Program> = new Map(
  Object.values(TABLES).flatMap((programs) => programs.flatMap((p) => p.names.map((n) => [n, p] as const))),
);

/** The knowledge about a normalized program name, or undefined for a program nobody described. */
export function programKnowledge(name: string): Program | undefined {
  return BY_NAME.get(name);
}

export { fx, subs, type Effect, type PathRoles, type Program, type Rule, type When } from "./types.ts";
