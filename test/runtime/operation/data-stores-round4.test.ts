/**
 * Round-4 database misses as classes (ADR 0352): schema-migration tools' down/clean tasks, ORM code run by a
 * framework runner, package runners before a task runner, servers stopped, sessions killed, graph, coordination
 * and message stores emptied. Their read-only and forward-migration look-alikes pass.
 */
import { describe, expect, test } from "vitest";
import { bashDeriver } from "./bash-deriver.ts";

const bash = bashDeriver("/home/u/proj", "/home/u");

describe("databases, migrations and message stores (ADR 0352)", () => {
  test.each([
    "flyway clean",
    "flyway -url=jdbc:postgresql://db/app clean",
    "liquibase dropAll",
    "liquibase drop-all --url x",
    "liquibase rollback-count 5",
    "goose down-to 0",
    'goose postgres "$DB" reset',
    "migrate -path db -database $DB drop -f",
    "migrate -path db -database $DB down -all",
    "atlas schema clean -u $DATABASE_URL --auto-approve",
    "dbmate drop",
    "dbmate rollback",
    "sqitch revert -y",
    "npx knex migrate:down",
    "yarn knex migrate:rollback --all",
    "uv run alembic downgrade base",
    "pnpm exec prisma migrate reset",
    "prisma db execute --stdin <<< 'DROP TABLE users'",
    "npx prisma db execute --file drop.sql --schema s.prisma",
    "python manage.py sqlflush | python manage.py dbshell",
    "python manage.py shell -c 'from app.models import User;User.objects.all().delete()'",
    "rails runner 'User.delete_all'",
    "bin/rails r 'Order.destroy_all'",
    "bundle exec rails runner \"ActiveRecord::Base.connection.execute('DROP TABLE users')\"",
    "php artisan tinker --execute='User::truncate()'",
    "pg_ctl stop -m immediate",
    "pg_ctl -D /var/lib/pg restart -m fast",
    'psql -c "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"',
    "mysql -e 'KILL 42'",
    "cypher-shell 'MATCH (n) DETACH DELETE n'",
    'cypher-shell -u neo4j "MATCH (n:User) DELETE n"',
    "cypher-shell -f wipe.cypher",
    "zkCli.sh deleteall /",
    "zookeeper-shell zk:2181 rmr /app",
    "kafka-topics.sh --delete --topic prod --bootstrap-server prod:9092",
    "kafka-topics --bootstrap-server b:9092 --delete --topic x",
    "kafka-consumer-groups.sh --reset-offsets --to-earliest --all-groups --execute",
    "kafka-consumer-groups --bootstrap-server b --delete --group g",
    "kafka-delete-records.sh --bootstrap-server b --offset-json-file o.json",
    "rabbitmqctl purge_queue orders",
    "rabbitmqctl reset",
    "rabbitmqctl force_reset",
    "rabbitmqctl delete_vhost /prod",
    "rabbitmqadmin purge queue name=orders",
    "rabbitmqadmin delete queue name=orders",
  ])("%s is DESTRUCTIVE", (command) => {
    expect(bash(command).level).toBe("DESTRUCTIVE");
  });

  test.each([
    "pg_ctl status",
    "flyway info",
    "flyway migrate",
    "liquibase update",
    "goose up",
    "dbmate up",
    "migrate -path db -database $DB up",
    "npx knex migrate:latest",
    "rails runner 'puts User.count'",
    "python manage.py shell -c 'print(User.objects.count())'",
    "cypher-shell 'MATCH (n) RETURN count(n)'",
    "zkCli.sh ls /",
    "kafka-topics.sh --list --bootstrap-server b:9092",
    "kafka-consumer-groups --describe --group g --bootstrap-server b",
    "kafka-consumer-groups --reset-offsets --to-earliest --group g --topic t --dry-run",
    "rabbitmqctl list_queues",
    "npm run build",
  ])("%s is not asked about", (command) => {
    expect(["READ", "WRITE"]).toContain(bash(command).level);
  });
});
