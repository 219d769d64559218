/**
 * The administration CLIs of data stores and their backups (docs/adr/0641), whose subcommand or flag destroys
 * without any SQL: a Cassandra node decommissioned or its snapshots cleared (`nodetool decommission`, `nodetool
 * clearsnapshot --all`), a Couchbase bucket deleted or flushed, a NATS stream, key-value bucket or object store
 * removed or purged, a collection dropped before an import (`mongoimport --drop`), an index copied to another
 * server (`elasticdump --output=http://…`), backups expired early (`pgbackrest expire --repo1-retention-full=1`,
 * `rdiff-backup --remove-older-than 1s`, `timeshift --delete-all`). Their reads and ordinary maintenance (status,
 * listings, a snapshot, a repair, an import without `--drop`, a dump to a file) stay allowed.
 */
import { fx, subs, type Program, type Rule } from "./types.ts";

const DESTROY = fx("DESTRUCTIVE", ["write_external"], "database");
const CHANGE = fx("WRITE", ["write_external"], "database");
const QUERY = fx("READ", ["read_external"], "database");
const COPIED_AWAY = fx("SECURITY", ["read_external", "write_external"], "database", "exfiltration");

/** NATS objects (with their short names) and the verbs that remove them or their messages. */
const NATS_OBJECTS = ["stream", "str", "consumer", "con", "obs", "kv", "object", "obj", "account"];
const NATS_VERBS = ["rm", "delete", "del", "purge", "rmm", "remove", "destroy"];

export const DATA_SERVICES: readonly Program[] = [
  {
    names: ["nodetool"],
    values: ["-h", "--host", "-p", "--port", "-u", "--username", "-pw", "--password", "-pwf", "--password-file", "-t"],
    base: CHANGE,
    rules: [
      ...subs(
        [
          "decommission",
          "removenode",
          "assassinate",
          "drain",
          "stopdaemon",
          "clearsnapshot",
          "truncatehints",
          "resetlocalschema",
          "disablebinary",
          "disablegossip",
          "disablehandoff",
          "disableautocompaction",
          "invalidatecountercache",
        ],
        DESTROY,
      ),
      ...subs(
        [
          "status",
          "info",
          "ring",
          "tablestats",
          "cfstats",
          "tpstats",
          "describecluster",
          "describering",
          "compactionstats",
          "netstats",
          "version",
          "listsnapshots",
          "getendpoints",
          "gossipinfo",
          "tablehistograms",
          "proxyhistograms",
          "help",
        ],
        QUERY,
      ),
    ],
  },
  {
    names: ["couchbase-cli"],
    values: ["-c", "--cluster", "-u", "--username", "-p", "--password", "--bucket", "--scope", "--collection"],
    base: CHANGE,
    rules: [
      ...subs(["bucket-delete", "bucket-flush", "failover", "node-reset", "reset-admin-password"], DESTROY),
      { sub: ["rebalance"], flag: ["--server-remove"], then: DESTROY },
      { sub: ["collection-manage"], flag: ["--drop-scope", "--drop-collection"], then: DESTROY },
      { sub: ["user-manage"], flag: ["--delete"], then: DESTROY },
      { sub: ["xdcr-replicate"], flag: ["--delete"], then: DESTROY },
      ...subs(
        ["bucket-list", "server-list", "server-info", "host-list", "setting-cluster", "eventing-function-list"],
        QUERY,
      ),
    ],
  },
  {
    names: ["nats"],
    values: ["-s", "--server", "--creds", "--context", "--user", "--password", "--nkey", "--tlscert", "--tlskey"],
    base: CHANGE,
    rules: [
      ...NATS_OBJECTS.flatMap((o) => NATS_VERBS.map((v): Rule => ({ sub: [o, v], then: DESTROY }))),
      ...NATS_OBJECTS.flatMap((o) =>
        ["ls", "list", "info", "report", "get", "view", "history"].map((v): Rule => ({ sub: [o, v], then: QUERY })),
      ),
    ],
  },
  // An import that drops the collection first, or whose mode deletes the documents it matches.
  {
    names: ["mongoimport"],
    values: ["--uri", "--host", "-h", "--db", "-d", "--collection", "-c", "--file", "--type", "--mode", "-u", "-p"],
    base: CHANGE,
    rules: [
      { flag: ["--drop"], then: DESTROY },
      { option: { "--mode": ["delete"] }, then: DESTROY },
    ],
    paths: { options: { "--file": "read" } },
  },
  // An Elasticsearch index copied to a server (not a file): the data leaves for wherever the URL points;
  // `--delete=true` deletes each document from the source as it is copied.
  {
    names: ["elasticdump", "multielasticdump"],
    values: ["--input", "--output", "--type", "--limit", "--searchBody"],
    base: CHANGE,
    rules: [
      { text: /^--delete(?:=true)?$/, then: DESTROY },
      { optionText: { "--output": /^https?:\/\// }, then: COPIED_AWAY },
    ],
  },
  // Backups deleted ahead of their retention: pgBackRest's expire with the retention lowered on the command line
  // or one backup set named, a stanza deleted; rdiff-backup's increments removed; timeshift's snapshots deleted or
  // restored over the running system.
  {
    names: ["pgbackrest"],
    values: ["--stanza", "--type", "--set", "--repo", "--pg1-path", "--config", "--log-level-console"],
    base: CHANGE,
    rules: [
      { sub: ["stanza-delete"], then: DESTROY },
      { sub: ["expire"], text: /^--repo\d*-retention-/, then: DESTROY },
      { sub: ["expire"], flag: ["--set"], then: DESTROY },
      ...subs(["info", "check", "version", "help"], QUERY),
    ],
  },
  {
    names: ["rdiff-backup"],
    values: ["--older-than", "--remove-older-than", "--api-version"],
    base: CHANGE,
    rules: [
      { flag: ["--remove-older-than"], then: DESTROY },
      { sub: ["remove", "increments"], then: DESTROY },
      { word: ["--list-increments", "list"], then: QUERY },
    ],
  },
  {
    names: ["timeshift"],
    values: ["--snapshot", "--comments", "--tags", "--target-device", "--snapshot-device"],
    base: CHANGE,
    rules: [
      { flag: ["--delete", "--delete-all", "--restore"], then: DESTROY },
      { flag: ["--list", "--list-snapshots", "--list-devices", "--check"], then: QUERY },
    ],
  },
];
