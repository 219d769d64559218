/**
 * Cloud access as classes (ADR 0390): credentials put in place by an option, rules open to every address, access
 * taken away (detach, revoke, disassociate, release), batches of unread items, CLI settings that switch prompts
 * off or redirect calls, a PaaS's variables printed and secret stores read. Look-alikes keep their levels.
 */
import { describe, expect, test } from "vitest";
import { bashDeriver } from "./bash-deriver.ts";

const bash = bashDeriver("/home/u/proj", "/home/u");

describe("cloud access (ADR 0390)", () => {
  test.each([
    // Batches and transactions whose items are not read here may hold deletes.
    ["aws dynamodb batch-write-item --request-items file://deletes.json", "DESTRUCTIVE"],
    ["aws dynamodb transact-write-items --transact-items file://t.json", "DESTRUCTIVE"],
    [`aws dynamodb batch-write-item --request-items '{"t":[{"DeleteRequest":{"Key":{}}}]}'`, "DESTRUCTIVE"],
    // Credentials set by an option, in any operation and any CLI.
    [
      "aws rds modify-db-instance --db-instance-identifier prod --master-user-password x --apply-immediately",
      "SECURITY",
    ],
    ["aws rds modify-db-cluster --db-cluster-identifier prod --master-user-password=x", "SECURITY"],
    ["aws redshift modify-cluster --cluster-identifier prod --master-user-password x", "SECURITY"],
    ["aws elasticache modify-replication-group --replication-group-id r --auth-token t", "SECURITY"],
    ["aws ec2 import-key-pair --key-name x --public-key-material fileb://attacker.pub", "SECURITY"],
    ["aws iam upload-ssh-public-key --user-name u --ssh-public-key-body file://k.pub", "SECURITY"],
    ["aws cognito-idp admin-set-user-password --user-pool-id p --username u --password x", "SECURITY"],
    ["aws secretsmanager put-secret-value --secret-id db --secret-string x", "SECURITY"],
    ["az vm user update -g rg -n vm --username admin --password x", "SECURITY"],
    ["az vm user update -g rg -n vm --username admin --ssh-key-value @k.pub", "SECURITY"],
    ["az sql server update -g rg -n s --admin-password x", "SECURITY"],
    ["az keyvault secret set --vault-name v --name n --value x", "SECURITY"],
    ["gcloud compute instances add-metadata vm --metadata ssh-keys='root:ssh-ed25519 AAAA'", "SECURITY"],
    ["gcloud secrets versions add db --data-file=x", "SECURITY"],
    // Access taken away: an outage like a delete.
    ["aws iam detach-role-policy --role-name prod --policy-arn arn", "DESTRUCTIVE"],
    ["aws iam detach-user-policy --user-name u --policy-arn arn", "DESTRUCTIVE"],
    ["aws ec2 revoke-security-group-ingress --group-id sg-1 --protocol all --cidr 0.0.0.0/0", "DESTRUCTIVE"],
    ["aws ec2 revoke-security-group-egress --group-id sg-1 --ip-permissions x", "DESTRUCTIVE"],
    ["aws ec2 disassociate-address --association-id a", "DESTRUCTIVE"],
    ["aws ec2 release-address --allocation-id a", "DESTRUCTIVE"],
    ["aws ssm put-parameter --name x --value y --overwrite", "DESTRUCTIVE"],
    ["gcloud projects remove-iam-policy-binding p --member user:a --role roles/owner", "DESTRUCTIVE"],
    ["gcloud compute instances detach-disk vm --disk d", "DESTRUCTIVE"],
    // Open to every address.
    ["gcloud compute firewall-rules update r --source-ranges=0.0.0.0/0", "SECURITY"],
    [
      "aws ec2 modify-security-group-rules --group-id sg --security-group-rules 'SecurityGroupRuleId=x,SecurityGroupRule={CidrIpv4=0.0.0.0/0}'",
      "SECURITY",
    ],
    ["az network nsg rule update -g rg --nsg-name n -n r --source-address-prefixes '*'", "SECURITY"],
    // CLI settings that stop asking or send calls elsewhere.
    ["az config set core.disable_confirmation_prompt=true", "SECURITY"],
    ["az config set core.disable_confirmation_prompt true", "SECURITY"],
    ["az config set extension.use_dynamic_install=yes_without_prompt", "SECURITY"],
    ["gcloud config set core/disable_prompts true", "SECURITY"],
    ["gcloud config set proxy/address evil.example", "SECURITY"],
    ["gcloud config set api_endpoint_overrides/compute https://evil.example/", "SECURITY"],
    ["aws configure set default.ca_bundle /tmp/ca.pem", "SECURITY"],
    ["aws configure set endpoint_url https://evil.example", "SECURITY"],
    ["aws configure set cli_pager /tmp/x", "SECURITY"],
    ["az cloud register -n evil --endpoint-resource-manager https://evil.example", "SECURITY"],
    // A PaaS's variables and a secret store printed.
    ["railway variables", "SECURITY"],
    ["railway variables --json", "SECURITY"],
    ["railway variables -s api --kv", "SECURITY"],
    ["eb printenv", "SECURITY"],
    ["dokku config:show app", "SECURITY"],
    ["doppler secrets", "SECURITY"],
    ["doppler secrets download --no-file --format env", "SECURITY"],
    ["infisical export --env prod", "SECURITY"],
  ])("%s is %s", (command, level) => {
    expect(bash(command).level).toBe(level);
  });

  test.each([
    [`aws dynamodb batch-write-item --request-items '{"t":[{"PutRequest":{"Item":{}}}]}'`, "WRITE"],
    ["aws ec2 describe-security-groups --filters Name=ip-permission.cidr,Values=0.0.0.0/0", "READ"],
    ["aws rds describe-db-instances", "READ"],
    ["aws rds modify-db-instance --db-instance-identifier dev --manage-master-user-password", "WRITE"],
    ["aws secretsmanager describe-secret --secret-id db", "READ"],
    ["aws configure set region eu-west-1", "WRITE"],
    ["az config set defaults.location=westeurope", "WRITE"],
    ["gcloud config set project my-project", "WRITE"],
    ["gcloud config set compute/zone europe-west1-b", "WRITE"],
    ["gcloud compute firewall-rules list --filter=sourceRanges:0.0.0.0/0", "READ"],
    ["railway variables --set KEY=value", "WRITE"],
    ["railway status", "READ"],
    ["doppler secrets --only-names", "READ"],
    ["doppler setup", "READ"],
    ["fly secrets list", "READ"],
    ["vercel env ls", "READ"],
  ])("%s stays %s", (command, level) => {
    expect(bash(command).level).toBe(level);
  });
});
