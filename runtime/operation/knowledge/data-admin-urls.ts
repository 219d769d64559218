/**
 * Data stores' HTTP administration endpoints that delete or take data offline whatever the method's name
 * (docs/adr/0642): Prometheus' and VictoriaMetrics' `admin/tsdb/delete_series` and `clean_tombstones`, InfluxDB 2's
 * `/api/v2/delete`, Loki's `/loki/api/v1/delete`, Solr's core unloaded with its index or a collection deleted, and
 * Elasticsearch/OpenSearch indices closed or frozen, a snapshot restored over live indices, nodes shut down. An
 * HTTP client's `DELETE` is judged on its own (ADR 0305); these are POSTs, PUTs and even GETs.
 */

/** Regex source, joined into the HTTP clients' data-wipe check (knowledge/network.ts); no capturing group. */
export const DATA_ADMIN_URLS = [
  String.raw`\/api\/v1\/admin\/tsdb\/(?:delete_series|clean_tombstones)\b`,
  String.raw`\/api\/v2\/delete\b|\/loki\/api\/v1\/delete\b`,
  String.raw`\/admin\/(?:cores|collections)\b[^\s]*\baction=(?:unload|delete|deletereplica|deleteshard)\b`,
  String.raw`\/_(?:close|freeze|restore|shutdown)\b`,
].join("|");

/**
 * A cluster-wide setting sent to Elasticsearch/OpenSearch (`PUT _cluster/settings` with a body): shard allocation
 * switched off, the cluster made read-only, what every client sees changed, as `ALTER SYSTEM` is (ADR 0561).
 * Reading the settings (a GET without a body) stays a read.
 */
export const CLUSTER_SETTINGS_URL = /\/_cluster\/settings\b/;
