// The load benchmark (issue 8) as a function: seeds each engine, starts the production server as
// its own process, signs in and drives every hot path with autocannon; then the audit trail's
// reads one request at a time (issue 16), the node:http floor, live fan-out, start times and
// the JavaScript the browser loads for /auth and /admin.
// bench/run.ts is its command line; bench/harness.test.ts runs it small in the test suite.
// Everything runs on loopback; every loop is bounded in time and count.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { get as httpGet } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import autocannon from "autocannon";
import { type AppServer, startAppServer } from "../scripts/app-server";
import { buildServer } from "../scripts/build-server";
import { onServer } from "../scripts/postgres-admin";
import type { EngagementItem, EngagementList } from "../src/shared/engagements";
import { type DigestTiming, timeDigest } from "./digest";
import { benchFiles, type FileCase, type FileDriver } from "./files";
import { type LighthouseResult, measureLighthouse } from "./lighthouse";
import { peakRssMb } from "./memory";
import { measurePageJs, type PageJs } from "./page-js";
import { DEMO_PASSWORD, type SeedSizes, seed } from "./seed";
import { timeXlsxExport, type XlsxExportTiming } from "./xlsx-export";

export type BenchOptions = {
  sizes: SeedSizes;
  /** Seconds per case. */
  duration: number;
  connections: number;
  /** Open /api/live readers for the fan-out; 0 skips it. */
  liveReaders: number;
  engines: ("pglite" | "postgres")[];
  /** The PostgreSQL server, for a fresh database the run creates and drops. */
  postgresUrl: string;
  /**
   * The app's WORKERS on PostgreSQL (PGlite has one). Above 1, case 1 is driven once more on
   * a server of one worker, for the comparison.
   */
  workers: number;
  /** First of the three ports the run listens on. */
  basePort: number;
  /** Audit events seeded for PGlite (`sizes.auditEvents` is PostgreSQL's). */
  pgliteAuditEvents: number;
  /** Receipts and dispatches seeded for PGlite (`sizes.receipts`, `.dispatches`: PostgreSQL's). */
  pgliteRegisters: { receipts: number; dispatches: number };
  /**
   * Most requests per one-at-a-time case, the audit trail's and the decisions' (also bounded
   * to 15 s a case).
   */
  auditRuns: number;
  /**
   * Pages Lighthouse opens, once, on the first engine (the admin's cookie, the user's for
   * /user/ pages, none for /auth); empty skips it.
   */
  lighthousePaths: string[];
  /** The file stores whose 5 MB upload and download are driven (bench/files.ts); empty skips. */
  fileDrivers: readonly FileDriver[];
  log: (line: string) => void;
};

export type CaseResult = {
  engine: string;
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** The server processes that served the case (the app's workers, or the floor's). */
  workers: number;
  /** Requests/s and p99 against the floor run with as many processes. */
  ratioToFloor?: number;
  p99ToFloor?: number;
};
/** One request at a time, timed from the bench process over loopback: the API call alone. */
export type SequentialResult = {
  engine: string;
  name: string;
  runs: number;
  p50: number;
  p95: number;
  max: number;
  non2xx: number;
  /** What the answer held: a history's events, or the audit page's total. */
  items: number;
};
export type EngineResult = {
  engine: string;
  workers: number;
  startEmptyMs: number;
  startFullMs: number;
  seedMs: number;
  peakRssMb: number;
  live?: { readers: number; rounds: number; p50: number; p99: number; missed: number };
  /** One morning digest over the seeded people and tasks. */
  digest?: DigestTiming;
  /** Audit events in the trail after the seed, and the seed's time for them. */
  audit?: { events: number; seedMs: number };
  /**
   * Every task exported to Excel by an administrator (issue 18): first on the server just
   * started on the full data set, then again after every other case.
   */
  xlsx?: { fresh: XlsxExportTiming; afterCases: XlsxExportTiming };
  /** Case 1's answer as it crosses the wire: its body's bytes plain, in gzip and in brotli. */
  case1Bytes?: WireBytes;
};

export type BenchResults = {
  cases: CaseResult[];
  /** The audit trail's cases (issue 16), when the seed wrote a trail. */
  sequential: SequentialResult[];
  engines: EngineResult[];
  /** The floor at one process and, when the app ran more workers, at as many. */
  floors: CaseResult[];
  pageJs?: PageJs[];
  lighthouse?: LighthouseResult[];
  files: FileCase[];
};

// ---------------------------------------------------------------------------- helpers

/** Case 1's page, the admin list's first, as long as the floor's (and Redmine's) page. */
const CASE_1_PAGE_SIZE = 50;
const WARMUP_SECONDS = 2;
const CASE_1_PATH = `/api/tasks?pageSize=${CASE_1_PAGE_SIZE}`;

/** The seed's role layout (bench/seed.ts): the first 1-3 are admins, the next 2-5 heads. */
function seedLayout(users: number) {
  const adminCount = Math.min(3, Math.max(1, Math.round(users / 150)));
  const headCount = Math.min(5, Math.max(2, Math.round(users / 80)));
  return { firstStaffIndex: adminCount + headCount };
}

const demoUsername = (index: number) => `demo${String(index + 1).padStart(4, "0")}`;

function seedAccounts(users: number) {
  const { firstStaffIndex } = seedLayout(users);
  return {
    admin: { username: demoUsername(0), id: "seed-user-1" },
    user: { username: demoUsername(firstStaffIndex), id: `seed-user-${firstStaffIndex + 1}` },
  };
}

async function signIn(url: string, name: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/sign-in/username`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ username: name, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in of ${name} answered ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** The web app and the server bundle this run serves (built once, for every engine). */
type Build = { webDir: string; bundle: string };

async function timedStart(port: number, env: Record<string, string>, build: Build) {
  const started = performance.now();
  const server = await startAppServer({
    port,
    bundle: build.bundle,
    env: { ...env, WEB_DIR: build.webDir, LOG_LEVEL: "warn", NODE_ENV: "production" },
    timeoutMs: 120_000,
  });
  return { server, ms: Math.round(performance.now() - started) };
}

/** The live stream's per-account limit (src/server/live/hub.ts): readers are spread over accounts. */
const STREAMS_PER_ACCOUNT = 5;

/** Staff accounts of the seed (after its admins and heads), signed in for the live readers. */
async function readerCookies(url: string, users: number, readers: number): Promise<string[]> {
  const { firstStaffIndex } = seedLayout(users);
  const accounts = Math.ceil(readers / STREAMS_PER_ACCOUNT);
  if (firstStaffIndex + accounts > users) {
    throw new Error(`live fan-out: ${readers} readers need ${accounts} staff accounts`);
  }
  const cookies: string[] = [];
  for (let i = 0; i < accounts; i++)
    cookies.push(await signIn(url, demoUsername(firstStaffIndex + i)));
  return Array.from({ length: readers }, (_, i) => cookies[Math.floor(i / STREAMS_PER_ACCOUNT)]);
}

/** Engagements from the whole chart, for the live round's change (which every reader may see). */
async function engagementsToChange(url: string, cookie: string): Promise<EngagementItem[]> {
  const res = await fetch(`${url}/api/engagements?range=all`, { headers: { cookie } });
  return ((await res.json()) as EngagementList).engagements;
}

/**
 * Opens one streaming GET /api/live request (as an EventSource would) per reader cookie, waits
 * for each "ready", then makes `rounds` admin changes to engagements one at a time and records
 * when each reader sees the "change" event. Bounded: 30 s to open, 10 s per round.
 */
async function liveFanOut(
  url: string,
  admin: string,
  readers: string[],
  log: (line: string) => void,
  rounds = 5,
) {
  const controller = new AbortController();
  let roundStart = 0;
  let round = -1;
  const latencies: number[] = [];
  const seen: Set<number>[] = Array.from({ length: rounds }, () => new Set());
  let ready = 0;
  const decoder = () => new TextDecoder();

  async function reader(index: number) {
    const res = await fetch(`${url}/api/live`, {
      headers: { cookie: readers[index], accept: "text/event-stream" },
      signal: controller.signal,
    });
    if (!res.ok || !res.body) throw new Error(`live answered ${res.status}`);
    const text = decoder();
    let buffer = "";
    const stream = res.body.getReader();
    for (;;) {
      const { done, value } = await stream.read();
      if (done) break;
      buffer += text.decode(value, { stream: true });
      let end = buffer.indexOf("\n\n");
      while (end >= 0) {
        const message = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (message.includes("event: ready")) ready++;
        else if (message.includes("event: change") && round >= 0 && !seen[round].has(index)) {
          seen[round].add(index);
          latencies.push(performance.now() - roundStart);
        }
        end = buffer.indexOf("\n\n");
      }
    }
  }

  const running = readers.map((_, i) => reader(i).catch(() => undefined));
  const openDeadline = Date.now() + 30_000;
  while (ready < readers.length && Date.now() < openDeadline) await sleep(50);
  const opened = ready;
  const items = await engagementsToChange(url, admin);
  for (let r = 0; r < rounds && r < items.length; r++) {
    round = r;
    roundStart = performance.now();
    const { id, date, time, venue, responsibility, version } = items[r];
    const res = await fetch(`${url}/api/engagements/${id}`, {
      method: "PUT",
      headers: { cookie: admin, origin: url, "content-type": "application/json" },
      body: JSON.stringify({
        date,
        time,
        venue,
        responsibility,
        subject: `bench live round ${r}`,
        status: "Scheduled",
        allowClash: true,
        version,
      }),
    });
    if (!res.ok) log(`live change answered ${res.status}`);
    const roundDeadline = Date.now() + 10_000;
    while (seen[r].size < opened && Date.now() < roundDeadline) await sleep(5);
    await sleep(200); // let duplicate events of the same change drain before the next round
  }
  controller.abort();
  await Promise.race([Promise.all(running), sleep(5_000)]);
  latencies.sort((a, b) => a - b);
  const pick = (p: number) =>
    latencies.length
      ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))])
      : Number.NaN;
  const delivered = seen.reduce((sum, set) => sum + set.size, 0);
  return {
    readers: opened,
    rounds: Math.min(rounds, items.length),
    p50: pick(0.5),
    p99: pick(0.99),
    missed: opened * Math.min(rounds, items.length) - delivered,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const round1 = (ms: number) => Math.round(ms * 10) / 10;

/**
 * GETs `url` one request at a time (after `warmup` untimed ones), at most `runs` times or 15 s,
 * whichever comes first, timing each from the request to the last byte of its JSON answer.
 */
async function sequential(
  engine: string,
  name: string,
  url: string,
  cookie: string,
  { runs, warmup }: { runs: number; warmup: number },
  count: (body: unknown) => number,
): Promise<SequentialResult> {
  const get = () => fetch(url, { headers: { cookie }, signal: AbortSignal.timeout(300_000) });
  for (let i = 0; i < warmup; i++) await (await get()).arrayBuffer();
  const times: number[] = [];
  let non2xx = 0;
  let items = 0;
  const deadline = performance.now() + 15_000;
  while (times.length < runs && (times.length < 3 || performance.now() < deadline)) {
    const started = performance.now();
    const res = await get();
    const body: unknown = res.ok ? await res.json() : await res.arrayBuffer();
    times.push(performance.now() - started);
    if (res.ok) items = count(body);
    else non2xx++;
  }
  times.sort((a, b) => a - b);
  const pick = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  return {
    engine,
    name,
    runs: times.length,
    p50: round1(pick(0.5)),
    p95: round1(pick(0.95)),
    max: round1(times[times.length - 1]),
    non2xx,
    items,
  };
}

export type WireBytes = { identity: number; gzip: number; br: number };

/**
 * The bytes of one answer's body as sent, counted on node:http's raw stream: fetch would decode
 * a compressed body and count what it decodes to.
 */
function bodyBytesOnWire(url: string, cookie: string, acceptEncoding?: string): Promise<number> {
  const headers: Record<string, string> = { cookie };
  if (acceptEncoding) headers["accept-encoding"] = acceptEncoding;
  return new Promise((resolve, reject) => {
    const request = httpGet(url, { headers, timeout: 30_000 }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`${url} answered ${res.statusCode}`));
        return;
      }
      let bytes = 0;
      res.on("data", (chunk: Buffer) => {
        bytes += chunk.byteLength;
      });
      res.on("end", () => resolve(bytes));
      res.on("error", reject);
    });
    request.on("timeout", () => request.destroy(new Error(`${url} timed out`)));
    request.on("error", reject);
  });
}

async function wireBytes(url: string, cookie: string): Promise<WireBytes> {
  return {
    identity: await bodyBytesOnWire(url, cookie),
    gzip: await bodyBytesOnWire(url, cookie, "gzip"),
    br: await bodyBytesOnWire(url, cookie, "br"),
  };
}

// ---------------------------------------------------------------------------- the run

export async function runBench(options: BenchOptions): Promise<BenchResults> {
  const { sizes, duration, connections, liveReaders, postgresUrl, basePort, log } = options;
  const { admin: ADMIN, user: USER } = seedAccounts(sizes.users);
  const cases: CaseResult[] = [];
  const sequentialCases: SequentialResult[] = [];
  const engineResults: EngineResult[] = [];
  let pageJs: PageJs[] | undefined;
  let lighthouse: LighthouseResult[] | undefined;
  const floors: CaseResult[] = [];
  let files: FileCase[] = [];
  // How many processes serve the cases driven now (drive's rows say so).
  let serving = 1;
  // The app server under load: each case's log line says how far its peak memory has come, so
  // the case that raises it shows.
  let loadedPid: number | undefined;
  const peakSoFar = () =>
    loadedPid === undefined ? "" : `, server peak ${peakRssMb(loadedPid)} MB`;

  async function drive(
    engine: string,
    name: string,
    options: {
      url: string;
      method?: "GET" | "POST";
      headers?: Record<string, string>;
      body?: string;
      /** Fewer connections than the run's, where a case is about latency rather than load. */
      connections?: number;
    },
  ): Promise<CaseResult> {
    const request = {
      url: options.url,
      method: options.method ?? "GET",
      headers: options.headers,
      body: options.body,
      connections: options.connections ?? connections,
      timeout: 10,
    } as const;
    // Untimed first: a case right after a start would otherwise time V8 compiling its path
    // (a 3 s case 1 on a fresh server read 30% below the same server warm).
    await autocannon({ ...request, duration: WARMUP_SECONDS });
    const result = await autocannon({ ...request, duration });
    const row: CaseResult = {
      engine,
      name,
      requestsPerSecond: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
      workers: serving,
    };
    log(
      `${engine} ${name}: ${row.requestsPerSecond} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, non-2xx ${row.non2xx}, errors ${row.errors}${peakSoFar()}`,
    );
    cases.push(row);
    return row;
  }

  const pgAdmin = (statement: string) => onServer(postgresUrl, statement);

  async function benchEngine(
    engine: string,
    port: number,
    env: Record<string, string>,
    build: Build,
  ) {
    // Start once on the empty database (the app migrates and creates its administrator), stop.
    const empty = await timedStart(port, env, build);
    await empty.server.stop();
    log(`${engine}: started on the empty database in ${empty.ms} ms`);

    // Seed in this process while no server owns the database (PGlite is one process at a time).
    process.env.DATA_DIR = env.DATA_DIR;
    process.env.DATABASE_URL = env.DATABASE_URL;
    const seeded = await seed({
      ...sizes,
      auditEvents: engine === "pglite" ? options.pgliteAuditEvents : sizes.auditEvents,
      ...(engine === "pglite" ? options.pgliteRegisters : {}),
    });
    log(`${engine}: seeded ${JSON.stringify(seeded)}`);
    const digest = await timeDigest();
    log(`${engine}: digest ${JSON.stringify(digest)}`);

    const full = await timedStart(port, env, build);
    const server: AppServer = full.server;
    log(`${engine}: started on the full data set in ${full.ms} ms (pid ${server.pid})`);
    const result: EngineResult = {
      engine,
      workers: Number(env.WORKERS ?? 1),
      startEmptyMs: empty.ms,
      startFullMs: full.ms,
      seedMs: seeded.ms,
      peakRssMb: 0,
      digest,
      audit: seeded.audit && { events: seeded.audit.lastId, seedMs: seeded.audit.ms },
    };
    loadedPid = server.pid;
    serving = result.workers;
    try {
      const url = server.url;
      const admin = await signIn(url, ADMIN.username);
      const user = await signIn(url, USER.username);
      const as = (cookie: string) => ({ cookie });
      // The export's own memory, before the load cases leave theirs behind.
      const fresh = await timeXlsxExport(url, admin, server.pid);
      await drive(engine, "1 admin task list", { url: `${url}${CASE_1_PATH}`, headers: as(admin) });
      // autocannon asks for no encoding, so the cases time plain answers; a browser gets these.
      result.case1Bytes = await wireBytes(`${url}${CASE_1_PATH}`, admin);
      log(`${engine}: case 1 bytes on the wire ${JSON.stringify(result.case1Bytes)}`);
      await drive(engine, "1 admin task list, 4 conn.", {
        url: `${url}${CASE_1_PATH}`,
        headers: as(admin),
        connections: 4,
      });
      await drive(engine, "2 overdue + assignee", {
        url: `${url}/api/tasks?status=overdue&assignedUser=${USER.id}`,
        headers: as(admin),
      });
      await drive(engine, "3 user's own list", { url: `${url}/api/tasks`, headers: as(user) });
      await drive(engine, "4 task stats", { url: `${url}/api/tasks/stats`, headers: as(admin) });
      await drive(engine, "5 report 365 days", {
        url: `${url}/api/reports/performance?range=365`,
        headers: as(admin),
      });
      await drive(engine, "6 engagements week", {
        url: `${url}/api/engagements?range=week`,
        headers: as(user),
      });
      await drive(engine, "7 sign-in", {
        url: `${url}/api/auth/sign-in/username`,
        method: "POST",
        headers: { "content-type": "application/json", origin: url },
        body: JSON.stringify({ username: USER.username, password: DEMO_PASSWORD }),
      });
      await drive(engine, "8 due next", {
        url: `${url}/api/tasks/due-next`,
        headers: as(admin),
      });
      const timed = async (
        name: string,
        path: string,
        cookie: string,
        { runs = options.auditRuns, warmup = 3 } = {},
      ) => {
        const row = await sequential(
          engine,
          name,
          `${url}${path}`,
          cookie,
          { runs, warmup },
          (body) => {
            const answer = body as {
              events?: unknown[];
              total?: number;
              count?: number;
              people?: unknown[];
              hits?: unknown[];
              markings?: unknown[];
              record?: { decisions: unknown[]; previous: { decisions: unknown[] } | null };
            };
            const { record } = answer;
            if (record) return record.decisions.length + (record.previous?.decisions.length ?? 0);
            return (
              answer.total ??
              answer.count ??
              answer.events?.length ??
              answer.people?.length ??
              answer.hits?.length ??
              answer.markings?.length ??
              0
            );
          },
        );
        log(
          `${engine} ${name}: ${row.runs} runs, p50 ${row.p50} ms, p95 ${row.p95} ms, max ${row.max} ms, non-2xx ${row.non2xx}, items ${row.items}${peakSoFar()}`,
        );
        sequentialCases.push(row);
      };
      // Issue 17: the Decisions page as it opens (every decision's status derived on today),
      // filtered to the overdue ones, and a follow-up meeting's page with the last one's
      // decisions.
      await timed("decisions page 1", "/api/decisions", admin);
      await timed("decisions status=overdue", "/api/decisions?status=overdue", admin);
      // Issue 18: the Pendency page as it opens (every person's ageing buckets over all open
      // tasks, and the 12-week trend) and the Secretary's Daily Brief for today.
      await timed("pendency dashboard", "/api/pendency", admin);
      await timed("daily brief", "/api/brief", admin);
      if (seeded.followUpMeetingId)
        await timed("follow-up meeting", `/api/engagements/${seeded.followUpMeetingId}`, admin);
      if (seeded.audit) {
        if (seeded.historyOwnerId !== USER.id)
          throw new Error(`the history task is ${seeded.historyOwnerId}'s, not ${USER.id}'s`);
        const history = `/api/tasks/${seeded.historyTaskId}/history`;
        await timed("history, admin", history, admin);
        await timed("history, assignee", history, user);
        await timed("audit page 1", "/api/audit", admin);
        await timed("audit entity=task", "/api/audit?entity=task", admin);
        await timed("audit actor=admin", `/api/audit?actor=${ADMIN.id}`, admin);
        await timed("audit actor=user", `/api/audit?actor=${USER.id}`, admin);
        // The route's fixed cost on this machine now: a task id no event names (an admin may
        // read any id's history, a deleted task's too), so none of the 200 rows.
        await timed("history, no events", `/api/tasks/${crypto.randomUUID()}/history`, admin);
        // What the Audit Log page asks for as it opens: the chain verified. The server's first
        // call walks the whole trail; later calls walk only the rows added since.
        await timed("audit status, first", "/api/audit/status", admin, { runs: 1, warmup: 0 });
        await timed("audit status, again", "/api/audit/status", admin);
      }
      if (seeded.registers) {
        // Issue 35: the registers as they open, for an administrator (every entry) and for a
        // user (the receipts marked to them: a third of all), and the header's search by a
        // whole diary number, by its running number alone, and by a word no subject holds (the
        // search's worst case: without the trigram indexes it read every entry).
        const number = seeded.registers.sampleNumber;
        await timed("diary register page 1", "/api/receipts", admin);
        await timed("diary register, user", "/api/receipts", user);
        await timed("dispatch register page 1", "/api/dispatches", admin);
        await timed("search by diary number", `/api/search?q=${number}`, admin);
        await timed("search by running number", `/api/search?q=${number.slice(-6)}`, admin);
        await timed("search by number, user", `/api/search?q=${number.slice(-6)}`, user);
        await timed("search by a word found nowhere", "/api/search?q=xenophon", admin);
      }
      if (seeded.markings > 0) {
        // Issue 36: a task's movement as its page opens (its holdings, with designations and
        // working days held), for its holder; With me and Marked by me as they open.
        await timed("task movement", `/api/tasks/${seeded.historyTaskId}/movement`, user);
        await timed("with me, user", "/api/markings/with-me", user);
        await timed("marked by me, user", "/api/markings/marked-by-me", user);
      }
      if (liveReaders > 0) {
        const readers = await readerCookies(url, sizes.users, liveReaders);
        result.live = await liveFanOut(url, admin, readers, log);
        log(`${engine}: live ${JSON.stringify(result.live)}${peakSoFar()}`);
      }
      // Urdu's /auth shows what the language adds for its readers; English's must not grow.
      // Issue 32's pages too, for their rounds of script requests.
      const cookieFor = (path: string) =>
        path === "/auth" ? undefined : path.startsWith("/user/") ? user : admin;
      pageJs ??= await measurePageJs(url, [
        { path: "/auth" },
        { path: "/auth", locale: "ur-PK" },
        { path: "/admin", cookie: admin },
        ...options.lighthousePaths
          .filter((path) => path !== "/auth")
          .map((path) => ({ path, cookie: cookieFor(path) })),
      ]);
      log(`${engine}: page JS ${JSON.stringify(pageJs)}`);
      if (options.lighthousePaths.length > 0) {
        lighthouse ??= await measureLighthouse(
          url,
          options.lighthousePaths.map((path) => ({ path, cookie: cookieFor(path) })),
        );
        log(`${engine}: Lighthouse ${JSON.stringify(lighthouse)}`);
      }
      result.peakRssMb = peakRssMb(server.pid);
      result.xlsx = { fresh, afterCases: await timeXlsxExport(url, admin, server.pid) };
      log(`${engine}: xlsx export ${JSON.stringify(result.xlsx)}`);
    } finally {
      loadedPid = undefined;
      serving = 1;
      await server.stop();
    }
    if (result.workers > 1) {
      const single = await timedStart(port, { ...env, WORKERS: "1" }, build);
      try {
        const admin = await signIn(single.server.url, ADMIN.username);
        await drive(engine, "1 admin task list, 1 worker", {
          url: `${single.server.url}${CASE_1_PATH}`,
          headers: { cookie: admin },
        });
      } finally {
        await single.server.stop();
      }
    }
    engineResults.push(result);
  }

  async function floor(databaseUrl: string, port: number, workers: number): Promise<CaseResult> {
    const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "bench/floor.ts"], {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        PAGE_SIZE: String(CASE_1_PAGE_SIZE),
        WORKERS: String(workers),
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("floor did not start")), 30_000);
        child.stdout?.on("data", (data: Buffer) => {
          if (data.toString().includes("ready")) {
            clearTimeout(timer);
            resolve();
          }
        });
        child.once("exit", (code) => reject(new Error(`floor exited with ${code}`)));
      });
      serving = workers;
      return await drive("floor", `${workers} node:http + pg`, {
        url: `http://127.0.0.1:${port}/`,
      });
    } finally {
      serving = 1;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await Promise.race([exited, sleep(5_000)]);
    }
  }

  const work = mkdtempSync(join(tmpdir(), "hed-bench-"));
  // This run's own builds, so that a build or test running beside it keeps its own.
  const build: Build = {
    webDir: join(work, "web"),
    bundle: join("dist", `bench-${process.pid}`, "main.mjs"),
  };
  try {
    log(`building the web app into ${build.webDir} and the server into ${build.bundle}`);
    execFileSync("npx", ["vite", "build", "--outDir", build.webDir, "--emptyOutDir"], {
      stdio: ["ignore", "ignore", "inherit"],
    });
    await buildServer(build.bundle);
    if (options.engines.includes("pglite")) {
      const dataDir = join(work, "pglite");
      mkdirSync(dataDir);
      await benchEngine("pglite", basePort, { DATA_DIR: dataDir, DATABASE_URL: "" }, build);
    }
    if (options.engines.includes("postgres")) {
      const name = `hed_bench_${process.pid}_${Date.now()}`;
      await pgAdmin(`create database ${name}`);
      const url = new URL(postgresUrl);
      url.pathname = `/${name}`;
      try {
        const filesDir = join(work, "postgres-files");
        mkdirSync(filesDir);
        await benchEngine(
          "postgres",
          basePort + 1,
          { DATA_DIR: filesDir, DATABASE_URL: url.toString(), WORKERS: String(options.workers) },
          build,
        );
        for (const workers of new Set([1, options.workers]))
          floors.push(await floor(url.toString(), basePort + 2, workers));
      } finally {
        await pgAdmin(`drop database if exists ${name} with (force)`);
      }
    }
    files = await benchFiles({
      bundle: build.bundle,
      port: basePort + 3,
      duration,
      connections: 8,
      drivers: options.fileDrivers,
      log,
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(dirname(build.bundle), { recursive: true, force: true });
  }

  // Each PostgreSQL case against the floor of as many processes: on two cores shared with
  // PostgreSQL, two bare floor processes already answer with a longer p99 than one
  // (docs/PERFORMANCE.md, "Third pass").
  const ratio = (value: number, floorValue: number) => Math.round((value / floorValue) * 100) / 100;
  for (const row of cases) {
    const floorRow = floors.find((candidate) => candidate.workers === row.workers);
    if (floorRow && (row.engine === "postgres" || row.engine === "floor")) {
      row.ratioToFloor = ratio(row.requestsPerSecond, floorRow.requestsPerSecond);
      row.p99ToFloor = ratio(row.p99, floorRow.p99);
    }
  }
  return {
    cases,
    sequential: sequentialCases,
    engines: engineResults,
    floors,
    files,
    pageJs,
    lighthouse,
  };
}
