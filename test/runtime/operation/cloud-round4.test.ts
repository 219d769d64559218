/**
 * Round-4 cloud misses as classes (ADR 0353): batch deletes, deletion guards taken off, fleets scaled to zero,
 * credentials written into a profile, serverless and GitOps CLIs, a namespace's pod security relaxed, a Secret
 * edited, images swapped, forced helm upgrades, broken state locks, passwords set. Look-alikes pass.
 */
import { describe, expect, test } from "vitest";
import { bashDeriver } from "./bash-deriver.ts";

const bash = bashDeriver("/home/u/proj", "/home/u");

describe("cloud and cluster state (ADR 0353)", () => {
  test.each([
    ["aws ecr batch-delete-image --repository-name app --image-ids imageTag=latest", "DESTRUCTIVE"],
    ["aws dynamodb batch-write-item --request-items file://x.json", "DESTRUCTIVE"],
    ["aws ec2 modify-instance-attribute --instance-id i-1 --no-disable-api-termination", "DESTRUCTIVE"],
    ["aws rds modify-db-instance --db-instance-identifier prod --no-deletion-protection", "DESTRUCTIVE"],
    ["aws autoscaling update-auto-scaling-group --auto-scaling-group-name prod --desired-capacity 0", "DESTRUCTIVE"],
    ["aws autoscaling update-auto-scaling-group --auto-scaling-group-name prod --max-size=0", "DESTRUCTIVE"],
    ["aws configure set aws_access_key_id AKIA...", "SECURITY"],
    ["aws configure set profile.prod.role_arn arn:aws:iam::1:role/x", "SECURITY"],
    ["aws configure import --csv file://creds.csv", "SECURITY"],
    ["sam delete --no-prompts", "DESTRUCTIVE"],
    ["argocd app delete prod --cascade", "DESTRUCTIVE"],
    ["argocd app sync prod --prune", "DESTRUCTIVE"],
    ["flux suspend kustomization --all", "DESTRUCTIVE"],
    ["flux delete source git app", "DESTRUCTIVE"],
    ["kubectl scale deploy api --replicas=0", "DESTRUCTIVE"],
    ['kubectl patch deploy api -p \'{"spec":{"replicas":0}}\'', "DESTRUCTIVE"],
    ["kubectl set image deploy/api api=evil/img -n prod", "DESTRUCTIVE"],
    ["kubectl label ns prod pod-security.kubernetes.io/enforce=privileged --overwrite", "SECURITY"],
    ["kubectl edit secret prod-db", "SECURITY"],
    ["kubectl edit secrets/prod-db -n prod", "SECURITY"],
    ["helm upgrade --install prod ./chart --force -n prod", "DESTRUCTIVE"],
    ["terraform force-unlock -force abc", "DESTRUCTIVE"],
    ["tofu taint aws_instance.web", "DESTRUCTIVE"],
    ["terraform apply -replace=aws_instance.web -auto-approve", "DESTRUCTIVE"],
    ["gcloud sql users set-password root --instance prod --password x", "SECURITY"],
    ["doctl auth token", "SECURITY"],
    ["heroku auth:token", "SECURITY"],
  ])("%s is %s", (command, level) => {
    expect(bash(command).level).toBe(level);
  });

  test.each([
    "aws configure set region eu-west-1",
    "aws autoscaling update-auto-scaling-group --auto-scaling-group-name prod --desired-capacity 3",
    "kubectl scale deploy api --replicas=3",
    "kubectl label pod api tier=web",
    "kubectl edit deploy api",
    "helm upgrade --install app ./chart",
    "argocd app get prod",
    "flux get kustomizations",
    "sam build",
    "terraform plan",
  ])("%s neither destroys nor touches security", (command) => {
    expect(["READ", "WRITE", "EXPENSIVE"]).toContain(bash(command).level);
  });
});

describe("credential readers (ADR 0354)", () => {
  test.each([
    "gpg -d secrets.gpg",
    "gpg --decrypt secrets.gpg",
    "gpg2 --batch --decrypt --output - vault.gpg",
    "ansible-vault view vault.yml",
    "ansible-vault decrypt vault.yml --output -",
    "ansible-vault edit group_vars/all/vault.yml",
    "npm config get //registry.npmjs.org/:_authToken",
    "yarn config get npmAuthToken",
    "pnpm config get //npm.pkg.github.com/:_password",
    "git config --get-all http.extraheader",
    "git config --get http.https://github.com/.extraheader",
    "git config get --all http.extraHeader",
  ])("%s is SECURITY", (command) => {
    expect(bash(command).level).toBe("SECURITY");
  });

  test.each([
    "gpg --verify x.sig",
    "gpg --list-keys",
    "ansible-vault encrypt vault.yml",
    "npm config get registry",
    "git config --get user.name",
  ])("%s is not SECURITY", (command) => {
    expect(bash(command).level).not.toBe("SECURITY");
  });
});
