/**
 * Cloud verbs of red-team round 5 as classes (ADR 0393): applies that prune, resources made public, finalizers taken
 * off, edits by a scripted editor, hosted database and app platforms' deletes and credentials; profile keys and
 * terraform outputs read by name are judged by the name. Look-alikes pass.
 */
import { describe, expect, test } from "vitest";
import { bashDeriver } from "./bash-deriver.ts";

const bash = bashDeriver("/home/u/proj", "/home/u");

describe("cloud verbs of round 5 (ADR 0393)", () => {
  test.each([
    "kubectl apply --prune --all -f k8s/",
    "kubectl apply --prune -l app=web -f k8s/",
    "kubectl apply -f k8s/ --prune --prune-allowlist=core/v1/ConfigMap -l x=y",
    "aws rds modify-db-instance --db-instance-identifier prod --publicly-accessible --apply-immediately",
    "aws rds modify-db-cluster --db-cluster-identifier prod --publicly-accessible",
    "gcloud run deploy api --image x --allow-unauthenticated",
    "gcloud run services update api --allow-unauthenticated",
    "az storage account update -n s -g rg --allow-blob-public-access true",
    "az sql server update -n s -g rg --public-network-access Enabled",
    "az storage container create -n c --public-access blob",
    'kubectl patch ns prod -p \'{"metadata":{"finalizers":null}}\' --type=merge',
    'kubectl patch pvc data -p \'{"metadata":{"finalizers":[]}}\' --type=merge',
    'kubectl patch crd x --type json -p \'[{"op":"remove","path":"/metadata/finalizers"}]\'',
    'KUBE_EDITOR="sed -i s/replicas:.*/replicas:\\ 0/" kubectl edit deploy api -n prod',
    "EDITOR='sed -i s/image:.*/image: evil/' kubectl edit deploy api",
    "KUBE_EDITOR=/tmp/x kubectl edit cm app",
    "supabase projects delete abc",
    "neonctl projects delete p",
    "neonctl branches delete main",
    "turso db destroy prod",
    "koyeb app delete web",
    "neonctl connection-string",
    "turso db tokens create prod",
    "koyeb secrets reveal db",
    "aws configure get aws_secret_access_key",
    "aws configure get default.aws_access_key_id",
    "terraform output -json",
    "terraform output -raw db_password",
    "terraform output admin_token",
  ])("%s asks", (command) => {
    expect(["EXPENSIVE", "SECURITY", "DESTRUCTIVE"]).toContain(bash(command).level);
  });

  test.each([
    "kubectl apply -f k8s/",
    "kubectl apply --prune --dry-run=client -f k8s/",
    "aws rds modify-db-instance --db-instance-identifier dev --no-publicly-accessible",
    "az sql server update -n s -g rg --public-network-access Disabled",
    "az storage account update -n s -g rg --allow-blob-public-access false",
    'kubectl patch deploy api -p \'{"spec":{"template":{"metadata":{"labels":{"v":"2"}}}}}\'',
    "KUBE_EDITOR=vim kubectl edit deploy api",
    'KUBE_EDITOR="code --wait" kubectl edit deploy api',
    "supabase start",
    "supabase status",
    "supabase secrets list",
    "supabase functions serve",
    "neonctl branches list",
    "turso db list",
    "aws configure get region",
    "aws configure get output",
    "terraform output -json vpc_id",
    "terraform output vpc_id",
    "terraform output",
  ])("%s passes", (command) => {
    expect(["READ", "WRITE"]).toContain(bash(command).level);
  });
});
