import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { freePort } from "./free-port";
import { createScratchPostgres } from "./scratch-postgres";
import { startTestS3, TEST_S3_CREDENTIALS } from "./test-s3";

/**
 * The shop deployed as a real shop runs, all on this machine: a throw-away PostgreSQL database, an
 * S3-speaking server (s3rver) for media, two instances of the production build, and Caddy in front
 * with HTTPS, configured by the committed deploy/Caddyfile. Everything it starts, stop() stops.
 */

const root = path.resolve(import.meta.dirname, "../..");
export const OWNER = { email: "owner@example.pk", password: "Owner-Deploy-Password-7731" } as const;
const BUCKET = "shop-media";

export interface Instance {
  name: "a" | "b";
  port: number;
  dataDir: string;
  /** The id its /readyz reports, to tell which instance answered through the proxy. */
  id: string;
  process: ChildProcess;
  log: string[];
}

export interface Deployment {
  /** The shop's public address, through the proxy: https://localhost:<port>. */
  url: string;
  databaseUrl: string;
  /** The keys of every object in the media bucket. */
  bucketKeys(): Promise<string[]>;
  instances: Instance[];
  /** What the proxy has written to its log so far (its health checks' verdicts among it). */
  proxyLog: string[];
  /** Kills an instance with SIGKILL and waits until it is gone. */
  kill(instance: Instance): Promise<void>;
  /** Starts a (killed) instance again on its port and waits until it is ready; resolves to it. */
  restart(instance: Instance): Promise<Instance>;
  stop(): Promise<void>;
}

/**
 * nginx with the committed deploy/nginx.conf in front of the instances on `ports` (the
 * deployment's two, or ports where nothing answers), on a port of its own with a certificate made
 * on the spot (its example addresses, ports, certificate and page paths swapped for this
 * machine's). Resolves once it answers (with the shop's /readyz, unless `shopDown`) to its https://
 * address, or to null when nginx is not installed.
 */
export async function startNginx(
  ports: readonly [number, number],
  { shopDown = false }: { shopDown?: boolean } = {},
): Promise<{ url: string; stop: () => Promise<void> } | null> {
  if (spawnSync("nginx", ["-v"], { stdio: "ignore" }).status !== 0) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-nginx-"));
  const made = spawnSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      `${dir}/privkey.pem`,
      "-out",
      `${dir}/fullchain.pem`,
      "-subj",
      "/CN=localhost",
      "-days",
      "1",
    ],
    { stdio: "ignore" },
  );
  if (made.status !== 0) throw new Error("openssl could not make a test certificate");
  const [httpsPort, httpPort] = [await freePort(), await freePort()];
  const block = fs
    .readFileSync(path.join(root, "deploy", "nginx.conf"), "utf8")
    .replace("server 127.0.0.1:3000", `server 127.0.0.1:${ports[0]}`)
    .replace("server 127.0.0.1:3001", `server 127.0.0.1:${ports[1]}`)
    .replace("root /srv/shop/deploy;", `root ${path.join(root, "deploy")};`)
    .replace("listen 443 ssl http2;", `listen 127.0.0.1:${httpsPort} ssl http2;`)
    .replace("listen 80;", `listen 127.0.0.1:${httpPort};`)
    .replaceAll("/etc/ssl/shop/", `${dir}/`)
    .replaceAll("server_name shop.example.pk;", "server_name localhost;");
  fs.writeFileSync(path.join(dir, "shop.conf"), block);
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    [
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      "worker_processes 1;",
      "events {}",
      "http {",
      "  access_log off;",
      ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `  ${t}_temp_path ${dir}/${t};`),
      `  include ${dir}/shop.conf;`,
      "}",
    ].join("\n"),
  );
  const child = spawn("nginx", ["-p", dir, "-c", `${dir}/nginx.conf`, "-g", "daemon off; user root;"], { stdio: ["ignore", "ignore", "pipe"] });
  const errors: string[] = [];
  child.stderr.on("data", (chunk: Buffer) => errors.push(chunk.toString()));
  const url = `https://localhost:${httpsPort}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited(child);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitFor(
      "nginx",
      async () => {
        if (child.exitCode !== null) throw new Error(`nginx exited: ${errors.join("")}`);
        const { status } = await insecureGet(`${url}/readyz`).catch(() => ({ status: 0 }));
        return shopDown ? status > 0 : status === 200;
      },
      30_000,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}

/** Whether what the deployment test needs is here; otherwise the reason it is left out. */
export function deploymentPrerequisites(): string | null {
  if (!process.env.TEST_DATABASE_URL) return "TEST_DATABASE_URL is not set (a PostgreSQL server is needed)";
  if (spawnSync(caddyPath(), ["version"], { stdio: "ignore" }).status !== 0) return `Caddy is missing at ${caddyPath()} (apt-get install -y caddy)`;
  if (!fs.existsSync(path.join(root, "build", "server", "index.js"))) return "the production build is missing (npm run build)";
  return null;
}

function caddyPath(): string {
  return process.env.CADDY_PATH ?? "caddy";
}

/** GET over HTTPS accepting the proxy's locally issued certificate; resolves to status and body. */
export function insecureGet(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = https.get(url, { rejectUnauthorized: false, timeout: 5_000 }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on("timeout", () => request.destroy(new Error("timed out")));
    request.on("error", reject);
  });
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 90_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not become ready within ${timeoutMs / 1000} s`);
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once("exit", () => resolve()));
}

export async function startDeployment(): Promise<Deployment> {
  const started: { children: ChildProcess[]; cleanups: (() => Promise<void> | void)[] } = { children: [], cleanups: [] };
  const stop = async () => {
    for (const child of started.children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await Promise.race([Promise.all(started.children.map(exited)), new Promise((resolve) => setTimeout(resolve, 8_000))]);
    for (const child of started.children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    for (const cleanup of started.cleanups.reverse()) await cleanup();
  };
  try {
    const temp = fs.mkdtempSync(path.join(os.tmpdir(), "shop-deploy-"));
    started.cleanups.push(() => fs.rmSync(temp, { recursive: true, force: true }));

    // PostgreSQL: a database of its own on the test server.
    const scratch = await createScratchPostgres(process.env.TEST_DATABASE_URL!, "shop_deploy");
    started.cleanups.push(() => scratch.drop());

    // S3: s3rver on a free port, with the bucket the shop stores media in.
    const s3 = await startTestS3();
    started.cleanups.push(() => s3.stop());
    await s3.createBucket(BUCKET);
    const s3Endpoint = s3.endpoint;

    const httpsPort = await freePort();
    const url = `https://localhost:${httpsPort}`;
    const ports = { a: await freePort(), b: await freePort() };

    const instances: Instance[] = [];
    const startInstance = async (name: "a" | "b") => {
      const dataDir = path.join(temp, `instance-${name}`);
      const log: string[] = [];
      const child = spawn(process.execPath, ["server.mjs"], {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: "production",
          PORT: String(ports[name]),
          HOST: "127.0.0.1",
          DATA_DIR: dataDir,
          DATABASE_URL: scratch.url,
          // One process per instance: the test kills an instance outright and tells instances
          // apart by the id /readyz reports (tests/deploy/workers.spec.ts covers workers).
          WEB_CONCURRENCY: "1",
          STORAGE_URL: `s3://${BUCKET}/media?endpoint=${encodeURIComponent(s3Endpoint)}&region=us-east-1`,
          AWS_ACCESS_KEY_ID: TEST_S3_CREDENTIALS.accessKeyId,
          AWS_SECRET_ACCESS_KEY: TEST_S3_CREDENTIALS.secretAccessKey,
          AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
          PUBLIC_URL: url,
          TRUST_PROXY: "1",
          // 20 buyers order from this one machine (one address) as fast as they can; each order has
          // a phone and an e-mail of its own, so the per-contact limit keeps its default.
          ORDER_LIMITS: "100000/10m address, 1000000/24h address items",
          ADMIN_EMAIL: OWNER.email,
          ADMIN_PASSWORD: OWNER.password,
          LOG_LEVEL: "warn",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      started.children.push(child);
      child.stdout.on("data", (chunk: Buffer) => log.push(chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => log.push(chunk.toString()));
      let id = "";
      await waitFor(`shop instance ${name}`, async () => {
        if (child.exitCode !== null) throw new Error(`instance ${name} exited: ${log.join("")}`);
        const response = await fetch(`http://127.0.0.1:${ports[name]}/readyz`);
        if (!response.ok) return false;
        id = ((await response.json()) as { instance: string }).instance;
        return true;
      });
      const instance = { name, port: ports[name], dataDir, id, process: child, log };
      const index = instances.findIndex((i) => i.name === name);
      if (index >= 0) instances[index] = instance;
      else instances.push(instance);
      return instance;
    };
    // One after the other: the first applies the migrations and creates the main admin.
    await startInstance("a");
    await startInstance("b");

    // Caddy with the committed Caddyfile; its certificates come from its own local authority.
    const caddyHome = path.join(temp, "caddy");
    fs.mkdirSync(caddyHome);
    const caddyLog: string[] = [];
    const caddy = spawn(caddyPath(), ["run", "--config", path.join(root, "deploy", "Caddyfile"), "--adapter", "caddyfile"], {
      cwd: caddyHome,
      env: {
        ...process.env,
        HOME: caddyHome,
        XDG_DATA_HOME: path.join(caddyHome, "data"),
        XDG_CONFIG_HOME: path.join(caddyHome, "config"),
        SHOP_ADDRESS: `localhost:${httpsPort}`,
        SHOP_UPSTREAMS: `127.0.0.1:${ports.a} 127.0.0.1:${ports.b}`,
        SHOP_DEPLOY_DIR: path.join(root, "deploy"),
        CADDY_OPTIONS: ["admin off", "local_certs", "skip_install_trust", `http_port ${await freePort()}`, "auto_https disable_redirects"].join("\n"),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    started.children.push(caddy);
    caddy.stdout.on("data", (chunk: Buffer) => caddyLog.push(chunk.toString()));
    caddy.stderr.on("data", (chunk: Buffer) => caddyLog.push(chunk.toString()));
    await waitFor("Caddy", async () => {
      if (caddy.exitCode !== null) throw new Error(`Caddy exited: ${caddyLog.join("")}`);
      return (await insecureGet(`${url}/readyz`)).status === 200;
    });

    return {
      url,
      databaseUrl: scratch.url,
      bucketKeys: async () => {
        const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
        return (listed.Contents ?? []).map((o) => o.Key ?? "");
      },
      instances,
      proxyLog: caddyLog,
      restart: (instance) => startInstance(instance.name),
      kill: async (instance) => {
        instance.process.kill("SIGKILL");
        await exited(instance.process);
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
