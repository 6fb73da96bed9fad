import { Hono } from "hono";
import { negotiateLanguage } from "../../shared/i18n/languages";
import { said } from "../../shared/i18n/server-instance";
import type { AppEnv } from "../http/context";
import { NotReady, type ReadinessCheck } from "./checks";

/** A check that has not answered by then counts as failed: readiness must answer fast. */
const CHECK_TIMEOUT_MS = 2_000;

type CheckResult = { name: string; result: string };

async function run({ name, check }: ReadinessCheck): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NotReady("timed out")), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return { name, result: "ok" };
  } catch (err) {
    return { name, result: err instanceof NotReady ? err.message : "failed" };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The answer to every request but /api/health while the server is still starting, in the
 * language the browser asks for (`acceptLanguage`: the Accept-Language header); nobody is
 * signed in yet.
 */
export function startingResponse(path: string, acceptLanguage?: string | null): Response {
  const message = said("common:error.starting", negotiateLanguage(acceptLanguage));
  const body =
    path === "/api/ready" ? { status: "starting" } : { error: { code: "STARTING", message } };
  return Response.json(body, { status: 503, headers: { "Retry-After": "1" } });
}

/**
 * GET /api/health: the process is up. GET /api/ready: it can serve (every check passes, and
 * it is not stopping), else 503 naming the failed checks. Neither needs a session or reveals
 * anything but the checks' names and fixed results.
 */
export function healthRoutes(deps: { checks: ReadinessCheck[]; shutdown?: AbortSignal }) {
  return new Hono<AppEnv>()
    .get("/health", (c) => c.json({ status: "ok" }))
    .get("/ready", async (c) => {
      c.header("Cache-Control", "no-store");
      if (deps.shutdown?.aborted) return c.json({ status: "stopping" }, 503);
      const results = await Promise.all(deps.checks.map(run));
      const ready = results.every(({ result }) => result === "ok");
      const checks = Object.fromEntries(results.map(({ name, result }) => [name, result]));
      return c.json({ status: ready ? "ready" : "not_ready", checks }, ready ? 200 : 503);
    });
}
