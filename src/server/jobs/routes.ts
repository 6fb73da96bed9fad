import { Hono } from "hono";
import { NOTIFICATION_MESSAGES, outboxIdParam, outboxQuery } from "../../shared/notifications";
import type { AppEnv } from "../http/context";
import { requireRole } from "../http/guards";
import { translateFor } from "../http/language";
import { validate } from "../http/validate";
import type { Outbox } from "./outbox";

/** /api/admin/outbox: administrators only. */
export function outboxRoutes(outbox: Outbox) {
  return new Hono<AppEnv>()
    .use(requireRole("admin"))
    .get("/", validate("query", outboxQuery), async (c) =>
      c.json(await outbox.list(c.req.valid("query"))),
    )
    .post("/:id/resend", validate("param", outboxIdParam), async (c) => {
      await outbox.resend(c.req.valid("param").id);
      return c.json({ message: translateFor(c, NOTIFICATION_MESSAGES.resent) });
    });
}
