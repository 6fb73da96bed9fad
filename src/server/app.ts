import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { requestId } from "hono/request-id";
import { secureHeaders } from "hono/secure-headers";
import type { Logger } from "pino";
import { type Auth, createAuth } from "./auth/auth";
import { mountAuth } from "./auth/handler";
import { sessionRoutes } from "./auth/routes";
import { sessionMiddleware } from "./auth/session";
import { createSessionCache, type SessionCache } from "./auth/session-cache";
import { createSignInThrottle } from "./auth/throttle";
import { createChangeCache } from "./change-cache";
import type { Config } from "./config";
import type { Db } from "./db/client";
import { createCalendarFeeds } from "./engagements/calendar";
import { calendarRoutes, engagementRoutes } from "./engagements/routes";
import { createEngagementService } from "./engagements/service";
import type { AppEnv } from "./env";
import { AppError, errorBody, handleError } from "./errors";
import { type ChangeEvent, createEventBus, type EventBus } from "./events";
import { fileRoutes } from "./files/routes";
import { createSignedLinks } from "./files/signed-links";
import type { Storage } from "./files/storage";
import { type ChangeChannel, createInProcessChannel } from "./live/channel";
import { liveRoutes } from "./live/routes";
import type { Mailer } from "./mail/mailer";
import { reportRoutes } from "./reports/routes";
import { createReportService } from "./reports/service";
import { createOverdueSweeper } from "./tasks/overdue";
import { createProgressService } from "./tasks/progress";
import { taskRoutes } from "./tasks/routes";
import { createTaskService } from "./tasks/service";
import { adminUserRoutes, userRoutes } from "./users/routes";
import { createUserService } from "./users/service";
import { serveWebApp } from "./web";

export type AppDeps = {
  config: Pick<
    Config,
    | "appUrl"
    | "timezone"
    | "signUpEnabled"
    | "signUpApproval"
    | "trustedOrigins"
    | "trustProxy"
    | "passwordMinLength"
  >;
  db: Db;
  storage: Storage;
  mailer: Mailer;
  logger: Logger;
  authSecret: string;
  /** The built web app (dist/web); absent in API tests. */
  webDir?: string;
  events?: EventBus;
  /** "Now", for today and this week in the office's zone; tests set it. */
  clock?: () => Date;
  /** How changes reach live clients: PostgreSQL NOTIFY across instances, or in-process. */
  changes?: ChangeChannel;
  /** Aborted when the process starts to stop: live streams end with a retry hint. */
  shutdown?: AbortSignal;
};

/** The backstop for a report kept across a missed change (change-cache.ts). */
const REPORT_CACHE_MAX_AGE_MS = 60_000;
/** How long a signed-in request may reuse a session lookup (auth/session-cache.ts). */
const SESSION_CACHE = { ttlMs: 5_000, maxEntries: 10_000 };

function apiRoutes(
  deps: AppDeps,
  auth: Auth,
  sessions: SessionCache,
  events: EventBus,
  changes: ChangeChannel,
) {
  const users = createUserService({ db: deps.db, auth, events });
  const links = createSignedLinks(deps.authSecret);
  const clock = deps.clock ?? (() => new Date());
  const engagements = createEngagementService({
    db: deps.db,
    events,
    timeZone: deps.config.timezone,
    clock,
  });
  const calendarFeeds = createCalendarFeeds({
    db: deps.db,
    appUrl: deps.config.appUrl,
    timeZone: deps.config.timezone,
  });
  const progress = createProgressService({ db: deps.db, storage: deps.storage, links, events });
  const timeZone = deps.config.timezone;
  const sweeper = createOverdueSweeper({ db: deps.db, events, timeZone, clock });
  const tasks = createTaskService({
    db: deps.db,
    storage: deps.storage,
    links,
    events,
    sweeper,
    timeZone,
    clock,
  });
  const reports = createReportService({
    db: deps.db,
    sweeper,
    timeZone,
    clock,
    cache: createChangeCache({
      events,
      changes,
      dependsOn: (event) => event.entity === "task" || event.entity === "user",
      maxAgeMs: REPORT_CACHE_MAX_AGE_MS,
    }),
  });
  return new Hono<AppEnv>()
    .basePath("/api")
    .use(sessionMiddleware(auth, sessions))
    .route(
      "/",
      sessionRoutes({ signUpEnabled: deps.config.signUpEnabled, timezone: deps.config.timezone }),
    )
    .route("/admin/users", adminUserRoutes(users))
    .route("/users", userRoutes(users))
    .route("/tasks", taskRoutes(tasks, progress))
    .route("/files", fileRoutes(deps.storage, links))
    .route("/engagements", engagementRoutes(engagements))
    .route("/calendar", calendarRoutes(calendarFeeds, engagements))
    .route("/reports", reportRoutes(reports))
    .route("/live", liveRoutes(changes));
}

/** The API's type, for the web app's Hono RPC client. */
export type AppType = ReturnType<typeof apiRoutes>;

export function createApp(deps: AppDeps) {
  const { config, db, mailer, logger } = deps;
  const events = deps.events ?? createEventBus();
  const changes = deps.changes ?? createInProcessChannel();
  const auth = createAuth({
    db,
    mailer,
    logger,
    appUrl: config.appUrl,
    secret: deps.authSecret,
    signUpEnabled: config.signUpEnabled,
    onSessionsChanged: (id, action) => events.emit({ entity: "session", id, action }),
  });
  const sessions = createSessionCache(SESSION_CACHE);
  // A person's cached sessions go when they change here (at once) or on another instance.
  const forgetChangedPeople = (event: ChangeEvent) => {
    if (event.entity === "user" || event.entity === "session") sessions.forgetUser(event.id);
  };
  events.subscribe(forgetChangedPeople);
  changes.subscribe(forgetChangedPeople);

  const app = new Hono<AppEnv>();
  app.use(requestId());
  app.use(async (c, next) => {
    const started = performance.now();
    c.set("logger", logger.child({ requestId: c.var.requestId }));
    await next();
    c.var.logger.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      "request",
    );
  });
  app.use(
    secureHeaders({
      // Routes that set their own policy (file downloads) keep it.
      overwrite: false,
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    }),
  );
  const jsonLimit = bodyLimit({
    maxSize: 1024 * 1024,
    onError: () => {
      throw new AppError("TOO_LARGE", "Request body is too large");
    },
  });
  // Upload routes set their own, larger limit; every other request body stays small.
  app.use("/api/*", (c, next) =>
    c.req.header("content-type")?.startsWith("multipart/form-data") ? next() : jsonLimit(c, next),
  );
  app.onError((err, c) => handleError(err, c, logger));

  mountAuth(app, auth, createSignInThrottle(db));
  events.subscribe(({ actorId, ...change }) => {
    logger.info({ ...change, actorId }, "change");
    changes.publish(change).catch((err) => logger.warn({ err }, "live: publish failed"));
  });
  app.route("/", apiRoutes(deps, auth, sessions, events, changes));
  app.all("/api/*", (c) => c.json(errorBody("NOT_FOUND", "Not found"), 404));
  if (deps.webDir) serveWebApp(app, deps.webDir);

  return { app, auth, sessions, events, changes };
}
