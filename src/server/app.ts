import { availableParallelism } from "node:os";
import { Hono } from "hono";
import { contextStorage } from "hono/context-storage";
import { requestId } from "hono/request-id";
import { secureHeaders } from "hono/secure-headers";
import type { Logger } from "pino";
import { auditRoutes } from "./audit/routes";
import { createAuditService } from "./audit/service";
import { type Auth, createAuth, type PasswordHashing, scryptPasswords } from "./auth/auth";
import { mountAuth } from "./auth/handler";
import { serverPasswordRules } from "./auth/passwords";
import { sessionMiddleware } from "./auth/session";
import { createSessionCache, type SessionCache } from "./auth/session-cache";
import { createSignInThrottle } from "./auth/throttle";
import { briefRoutes } from "./brief/routes";
import { briefSchedule } from "./brief/schedule";
import { createBriefService } from "./brief/service";
import type { Config } from "./config";
import { createDakFileAccess } from "./dak/file-access";
import { recordsHiddenFrom } from "./dak/hidden-records";
import { dispatchRoutes, receiptRoutes, searchRoutes } from "./dak/routes";
import { createDakService } from "./dak/service";
import type { Db } from "./db/client";
import { decisionRoutes, engagementDecisionRoutes } from "./decisions/routes";
import { createDecisionService } from "./decisions/service";
import { digestSchedule } from "./digest/schedule";
import { createCalendarFeeds, revokeCalendarFeed } from "./engagements/calendar";
import { calendarRoutes, engagementRoutes } from "./engagements/routes";
import { createEngagementService } from "./engagements/service";
import { type ChangeEvent, createEventBus, type EventBus } from "./events/bus";
import { exportRoutes } from "./exports/routes";
import { removeFiles } from "./files/retention";
import { fileRoutes } from "./files/routes";
import { createSignedLinks } from "./files/signed-links";
import type { Storage } from "./files/storage";
import {
  databaseCheck,
  jobRunnerCheck,
  migrationsCheck,
  type ReadinessCheck,
  storageCheck,
} from "./health/checks";
import { healthRoutes } from "./health/routes";
import { bodyLimits } from "./http/body-limits";
import { compression } from "./http/compression";
import type { AppEnv } from "./http/context";
import { AppError, handleError } from "./http/errors";
import { allowedOrigins, originCheck } from "./http/origin-check";
import { requestLog } from "./http/request-log";
import { serveWebApp } from "./http/web-app";
import { createOutbox, type Outbox } from "./jobs/outbox";
import { createMailQueue, type MailQueue } from "./jobs/queue";
import { outboxRoutes } from "./jobs/routes";
import { createJobRunner, sendMail } from "./jobs/runner";
import type { Schedule } from "./jobs/scheduler";
import { createSchedules } from "./jobs/schedules";
import { createChangeCache } from "./live/change-cache";
import { type ChangeChannel, createInProcessChannel } from "./live/channel";
import { liveRoutes } from "./live/routes";
import type { Mailer } from "./mail/mailer";
import { createMarkingLists } from "./markings/lists";
import { markingListRoutes, markingRoutes } from "./markings/routes";
import { createMarkingService } from "./markings/service";
import { noteSheetRoutes } from "./notesheet/routes";
import { createNoteSheetService } from "./notesheet/service";
import { createNotifier } from "./notifications/notify";
import { notificationRoutes } from "./notifications/routes";
import { purgeSchedule } from "./notifications/schedule";
import { createNotificationService, type NotificationService } from "./notifications/service";
import { officeRoutes } from "./office/routes";
import { createOfficeService } from "./office/service";
import { pendencyRoutes } from "./pendency/routes";
import { createPendencyService } from "./pendency/service";
import { reportRoutes } from "./reports/routes";
import { createReportService } from "./reports/service";
import { createBulkTaskService } from "./tasks/bulk";
import { createExtensionService } from "./tasks/extensions";
import { createFileAccess } from "./tasks/file-access";
import { createTaskHistory } from "./tasks/history";
import { createOverdueSweeper, type OverdueSweeper } from "./tasks/overdue";
import { createProgressService } from "./tasks/progress";
import { extensionRoutes, taskRoutes } from "./tasks/routes";
import { escalationSchedule, overdueSweepSchedule } from "./tasks/schedules";
import { createTaskService } from "./tasks/service";
import { createThreadService } from "./tasks/thread";
import { adminUserRoutes, sessionRoutes, userRoutes } from "./users/routes";
import { createUserService } from "./users/service";
import { viewRoutes } from "./views/routes";
import { createViewService } from "./views/service";
import "./zod-english";

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
    | "workers"
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
  /** More parts of GET /api/ready beyond the database, migrations and the job runner. */
  readinessChecks?: ReadinessCheck[];
  /** How often the job runner looks for due jobs (once started). */
  jobPollMs?: number;
  /** More timed work for the one scheduler (serve.ts: the scheduled backups). */
  schedules?: Schedule[];
  /** How passwords are hashed and checked: scrypt (the API tests reuse its results). */
  passwords?: PasswordHashing;
};

/** The backstop for a report kept across a missed change (change-cache.ts). */
const REPORT_CACHE_MAX_AGE_MS = 60_000;
/** How long a signed-in request may reuse a session lookup (auth/session-cache.ts). */
const SESSION_CACHE = { ttlMs: 5_000, maxEntries: 10_000 };

/** What createApp makes once and the routes share. */
type AppParts = {
  auth: Auth;
  sessions: SessionCache;
  events: EventBus;
  changes: ChangeChannel;
  sweeper: OverdueSweeper;
  mail: MailQueue;
  notifications: NotificationService;
  outbox: Outbox;
};

function apiRoutes(
  deps: AppDeps,
  { auth, sessions, events, changes, sweeper, mail, notifications, outbox }: AppParts,
) {
  const clock = deps.clock ?? (() => new Date());
  const users = createUserService({
    db: deps.db,
    auth,
    events,
    mail,
    appUrl: deps.config.appUrl,
    timeZone: deps.config.timezone,
    clock,
    onPasswordChanged: revokeCalendarFeed,
  });
  const links = createSignedLinks(deps.authSecret);
  const notifier = createNotifier({ appUrl: deps.config.appUrl, clock });
  const engagements = createEngagementService({
    db: deps.db,
    events,
    notifier,
    timeZone: deps.config.timezone,
    clock,
  });
  const calendarFeeds = createCalendarFeeds({
    db: deps.db,
    appUrl: deps.config.appUrl,
    timeZone: deps.config.timezone,
  });
  const progress = createProgressService({
    db: deps.db,
    storage: deps.storage,
    links,
    events,
    notifier,
    clock,
  });
  const timeZone = deps.config.timezone;
  const tasks = createTaskService({
    db: deps.db,
    storage: deps.storage,
    links,
    events,
    sweeper,
    notifier,
    timeZone,
    clock,
  });
  const thread = createThreadService({ db: deps.db, events, notifier, clock });
  const extensions = createExtensionService({
    db: deps.db,
    events,
    notifier,
    sweeper,
    timeZone,
    clock,
  });
  const dak = createDakService({
    db: deps.db,
    storage: deps.storage,
    links,
    events,
    notifier,
    sweeper,
    timeZone,
    clock,
  });
  const taskFiles = createFileAccess(deps.db);
  const dakFiles = createDakFileAccess(deps.db);
  const decisions = createDecisionService({
    db: deps.db,
    events,
    notifier,
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
      // A decision's save or deletion is an engagement event (the decisions column counts them).
      dependsOn: (event) =>
        event.entity === "task" || event.entity === "user" || event.entity === "engagement",
      maxAgeMs: REPORT_CACHE_MAX_AGE_MS,
    }),
  });
  const audit = createAuditService({
    db: deps.db,
    timeZone,
    clock,
    hiddenFrom: recordsHiddenFrom,
  });
  return new Hono<AppEnv>()
    .basePath("/api")
    .use(sessionMiddleware(auth, sessions))
    .route(
      "/",
      sessionRoutes(
        {
          signUpEnabled: deps.config.signUpEnabled,
          timezone: deps.config.timezone,
          passwordMinLength: deps.config.passwordMinLength,
          appUrl: deps.config.appUrl,
          appOrigins: allowedOrigins(deps.config),
        },
        users,
      ),
    )
    .route(
      "/admin/users",
      adminUserRoutes(users, serverPasswordRules(deps.config.passwordMinLength)),
    )
    .route("/users", userRoutes(users))
    .route(
      "/tasks",
      taskRoutes({
        tasks,
        progress,
        thread,
        extensions,
        bulk: createBulkTaskService({ db: deps.db, events, sweeper, notifier, timeZone, clock }),
        history: createTaskHistory(deps.db),
      }),
    )
    .route(
      "/tasks",
      markingRoutes(createMarkingService({ db: deps.db, events, notifier, timeZone, clock })),
    )
    .route("/markings", markingListRoutes(createMarkingLists({ db: deps.db, timeZone, clock })))
    .route("/extension-requests", extensionRoutes(extensions))
    .route(
      "/files",
      fileRoutes(deps.storage, links, (ref) =>
        ref.bucket === "receipt-scans" || ref.bucket === "dispatch-letters"
          ? dakFiles(ref)
          : taskFiles(ref),
      ),
    )
    .route("/", noteSheetRoutes(createNoteSheetService({ db: deps.db })))
    .route("/receipts", receiptRoutes(dak))
    .route("/dispatches", dispatchRoutes(dak))
    .route("/search", searchRoutes(dak))
    .route("/engagements", engagementRoutes(engagements))
    .route("/engagements", engagementDecisionRoutes(decisions))
    .route("/decisions", decisionRoutes(decisions))
    .route("/calendar", calendarRoutes(calendarFeeds, engagements))
    .route("/reports", reportRoutes(reports))
    .route(
      "/pendency",
      pendencyRoutes(createPendencyService({ db: deps.db, sweeper, timeZone, clock })),
    )
    .route("/brief", briefRoutes(createBriefService({ db: deps.db, sweeper, timeZone, clock })))
    .route("/notifications", notificationRoutes(notifications))
    .route("/office", officeRoutes(createOfficeService({ db: deps.db, timeZone, clock })))
    .route("/admin/outbox", outboxRoutes(outbox))
    .route("/audit", auditRoutes(audit))
    .route(
      "/exports",
      exportRoutes({
        db: deps.db,
        sweeper,
        reports,
        audit,
        pendency: createPendencyService({ db: deps.db, sweeper, timeZone, clock }),
        timeZone,
        clock,
      }),
    )
    .route("/views", viewRoutes(createViewService({ db: deps.db, timeZone })))
    .route("/live", liveRoutes({ channel: changes, auth, shutdown: deps.shutdown }));
}

/** The API's type, for the web app's Hono RPC client. */
export type AppType = ReturnType<typeof apiRoutes>;

export function createApp(deps: AppDeps) {
  const { config, db, mailer, logger } = deps;
  const clock = deps.clock ?? (() => new Date());
  const events = deps.events ?? createEventBus();
  const changes = deps.changes ?? createInProcessChannel();
  const mail = createMailQueue({ db, appUrl: config.appUrl, clock });
  const jobs = createJobRunner({
    db,
    handlers: { mail: sendMail(mailer), remove_files: removeFiles(deps.storage) },
    logger,
    clock,
    pollMs: deps.jobPollMs,
  });
  const auth = createAuth({
    db,
    mail,
    logger,
    appUrl: config.appUrl,
    secret: deps.authSecret,
    signUpEnabled: config.signUpEnabled,
    signUpApproval: config.signUpApproval,
    passwordRules: serverPasswordRules(config.passwordMinLength),
    trustedOrigins: allowedOrigins(config),
    onSessionsChanged: (id, action) => events.emit({ entity: "session", id, action }),
    onPasswordReset: revokeCalendarFeed,
    clock,
    passwords: deps.passwords ?? scryptPasswords,
    hashesAtOnce: Math.max(1, Math.floor(availableParallelism() / config.workers)),
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
  app.use(contextStorage());
  app.use(requestLog(logger));
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
  // Every body, whatever its type, is bounded before anything reads it (the auth handler too).
  app.use("/api/*", bodyLimits());
  // Before the auth handler and every route: pages of other sites change nothing.
  app.use("/api/*", originCheck(config));
  // Around every route and the error handler's answers: JSON of 1 KB or more goes as brotli or
  // gzip (http/compression.ts). The web app's files are compressed at build (http/web-app.ts).
  app.use("/api/*", compression());
  app.onError((err, c) => handleError(err, c, logger));
  app.route(
    "/api",
    healthRoutes({
      checks: [
        databaseCheck(db),
        migrationsCheck(db),
        jobRunnerCheck(jobs),
        storageCheck(deps.storage),
        ...(deps.readinessChecks ?? []),
      ],
      shutdown: deps.shutdown,
    }),
  );

  mountAuth(app, auth, createSignInThrottle({ db, clock: deps.clock }), {
    trustProxy: config.trustProxy,
  });
  events.subscribe(({ actorId, ...change }) => {
    logger.info({ ...change, actorId }, "change");
    changes.publish(change).catch((err) => logger.warn({ err }, "live: publish failed"));
  });
  // One sweeper for reads, writes and the schedules (once the day turns), so a day is swept once.
  const sweeper = createOverdueSweeper({
    db,
    events,
    timeZone: config.timezone,
    clock,
  });
  const notifications = createNotificationService({ db, events, clock });
  const outbox = createOutbox({ db, clock });
  // The one scheduler's work, in the order it runs each minute: the escalation rule after the
  // day's sweep, the brief after the digest, then the housekeeping and serve.ts's backups.
  const timed = { db, appUrl: config.appUrl, timeZone: config.timezone, events, logger };
  const schedules = createSchedules({
    timeZone: config.timezone,
    clock,
    logger,
    schedules: [
      overdueSweepSchedule(sweeper, config.timezone),
      escalationSchedule(timed),
      digestSchedule(timed),
      briefSchedule(timed),
      purgeSchedule({ timeZone: config.timezone, notifications, outbox, logger }),
      ...(deps.schedules ?? []),
    ],
  });
  app.route(
    "/",
    apiRoutes(deps, { auth, sessions, events, changes, sweeper, mail, notifications, outbox }),
  );
  app.all("/api/*", () => {
    throw new AppError("NOT_FOUND", "common:error.notFound");
  });
  if (deps.webDir) serveWebApp(app, deps.webDir);

  return { app, auth, sessions, events, changes, sweeper, jobs, schedules };
}
