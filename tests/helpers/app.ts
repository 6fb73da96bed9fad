import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import pino, { type Logger } from "pino";
import { createApp } from "../../src/server/app";
import type { PasswordHashing } from "../../src/server/auth/auth";
import { openPostgres } from "../../src/server/db/client";
import { user } from "../../src/server/db/schema";
import { createLocalStorage, type Storage } from "../../src/server/files/storage";
import { createMailer, type Mailer } from "../../src/server/mail/mailer";
import type { Role } from "../../src/shared/roles";
import { placeholderEmail } from "../../src/shared/users";
import { createTestDatabase, type TestDatabase } from "./database";
import { testPasswords } from "./passwords";

export const TEST_ORIGIN = "http://localhost:3000";
export const TEST_PASSWORD = "correct-horse-1";

export type TestAppOptions = {
  signUpEnabled?: boolean;
  signUpApproval?: boolean;
  trustedOrigins?: string[];
  trustProxy?: boolean;
  passwordMinLength?: number;
  mailer?: Mailer;
  /** The app's logger; tests that read what is logged pass one writing to their own stream. */
  logger?: Logger;
  clock?: () => Date;
  appUrl?: string;
  /** Aborting it stops the app as SIGTERM does (live streams end with a retry hint). */
  shutdown?: AbortSignal;
  /**
   * Whether the job runner polls by itself (as in the server) and so sends queued mail; tests
   * of the runner itself turn it off and call `jobs.runDue()`.
   */
  runJobs?: boolean;
  /**
   * A second app instance on this app's database (its own connection pool on PostgreSQL), as
   * a second server would be: closing it leaves the database to its owner.
   */
  instanceOf?: TestApp;
  /** Hashing remembered across the file's apps (passwords.ts) unless a test needs scrypt's cost. */
  passwords?: PasswordHashing;
  /** A built web app to serve beside the API (WEB_DIR); none by default. */
  webDir?: string;
  /** Where files are stored: a fresh folder by default, or an S3 store (helpers/s3.ts). */
  storage?: Storage;
};

/** A whole app on a fresh database, driven through `app.request()` like a browser would. */
export async function createTestApp(options: TestAppOptions = {}) {
  const origin = options.appUrl ?? TEST_ORIGIN;
  const database: TestDatabase = options.instanceOf
    ? await secondInstance(options.instanceOf.database)
    : await createTestDatabase();
  const logger = options.logger ?? pino({ level: process.env.TEST_LOG_LEVEL ?? "silent" });
  const mailer =
    options.mailer ??
    createMailer({
      from: "test@localhost",
      outboxDir: join(mkdtempSync(join(tmpdir(), "hed-outbox-")), "outbox"),
      logger,
    });
  const filesDir = mkdtempSync(join(tmpdir(), "hed-files-"));
  const storage = options.storage ?? createLocalStorage(filesDir);
  const { app, auth, sessions, events, changes, jobs, schedules } = createApp({
    config: {
      appUrl: origin,
      timezone: "Asia/Karachi",
      signUpEnabled: options.signUpEnabled ?? true,
      signUpApproval: options.signUpApproval ?? false,
      trustedOrigins: options.trustedOrigins ?? [],
      trustProxy: options.trustProxy ?? false,
      passwordMinLength: options.passwordMinLength ?? 6,
      workers: 1,
    },
    db: database.db,
    storage,
    mailer,
    logger,
    authSecret: "test-secret-test-secret-test-secret-0123",
    clock: options.clock,
    shutdown: options.shutdown,
    jobPollMs: 50,
    passwords: options.passwords ?? testPasswords,
    webDir: options.webDir,
  });
  if (options.runJobs ?? true) jobs.start();

  let sequence = 0;

  /** Sends a request with the Origin header the auth library expects from a browser. */
  async function request(
    path: string,
    init: RequestInit & { cookie?: string; json?: unknown } = {},
  ) {
    const headers = new Headers(init.headers);
    headers.set("Origin", origin);
    if (init.cookie) headers.set("Cookie", init.cookie);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(init.json);
    }
    return app.request(path, { ...init, headers, body });
  }

  /** Creates an account directly (as an administrator would) and returns its credentials. */
  async function makeUser(
    fields: {
      role?: Role;
      userId?: string;
      email?: string;
      fullName?: string;
      password?: string;
    } = {},
  ) {
    sequence += 1;
    const userId = fields.userId ?? `user${sequence}_${Math.random().toString(36).slice(2, 7)}`;
    const password = fields.password ?? TEST_PASSWORD;
    const email = fields.email ?? placeholderEmail(userId);
    const created = await auth.api.createUser({
      body: {
        email,
        password,
        name: fields.fullName ?? `Test ${userId}`,
        role: fields.role ?? "user",
        data: { username: userId.toLowerCase(), displayUsername: userId },
      },
    });
    return {
      id: created.user.id,
      userId: userId.toLowerCase(),
      email,
      password,
      role: fields.role ?? "user",
    };
  }

  /** Signs in with a User ID (no @) or an e-mail; returns the session cookie. */
  async function signIn(identifier: string, password = TEST_PASSWORD): Promise<string> {
    const res = await signInRequest(identifier, password);
    if (res.status !== 200)
      throw new Error(`sign-in failed for ${identifier}: ${res.status} ${await res.text()}`);
    return sessionCookie(res);
  }

  function signInRequest(identifier: string, password: string) {
    return identifier.includes("@")
      ? request("/api/auth/sign-in/email", {
          method: "POST",
          json: { email: identifier, password },
        })
      : request("/api/auth/sign-in/username", {
          method: "POST",
          json: { username: identifier, password },
        });
  }

  /**
   * A new account of `role`, signed in; `email` gives it a real address (mail reaches it),
   * `fullName` the name a refusal or a notice names it by.
   */
  async function signedInAs(role: Role, fields: { email?: string; fullName?: string } = {}) {
    const account = await makeUser({ role, ...fields });
    return { ...account, cookie: await signIn(account.userId) };
  }

  /** A user given the Receipt and Issue duty (the R&I clerk, shared/dak.ts), signed in. */
  async function signedInClerk() {
    const account = await makeUser({ role: "user" });
    await database.db.update(user).set({ receiptIssueDuty: true }).where(eq(user.id, account.id));
    return { ...account, cookie: await signIn(account.userId) };
  }

  return {
    app,
    auth,
    sessions,
    events,
    changes,
    storage,
    /** The stored files' directory (DATA_DIR/files in a deployment), unless `storage` was given. */
    filesDir,
    database,
    databaseUrl: database.url,
    db: database.db,
    jobs,
    schedules,
    request,
    makeUser,
    signIn,
    signInRequest,
    signedInAs,
    signedInClerk,
    async close() {
      await jobs.stop();
      await database.drop();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

async function secondInstance(database: TestDatabase): Promise<TestDatabase> {
  if (!database.url) return { ...database, drop: async () => {} };
  const own = openPostgres(database.url, { max: 4 });
  return { ...own, url: database.url, drop: () => own.close() };
}

/** `name=value` pairs of every Set-Cookie, ready for a Cookie header. */
export function sessionCookie(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}
