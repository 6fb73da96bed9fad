import { Hono } from "hono";
import {
  agendaInput,
  CALENDAR_MESSAGES,
  calendarFileParam,
  ENGAGEMENT_MESSAGES,
  engagementIdParam,
  engagementInput,
  engagementListQuery,
  minutesInput,
  updateEngagementInput,
} from "../../shared/engagements";
import type { AppEnv } from "../http/context";
import { AppError } from "../http/errors";
import { requireRole, requireUser } from "../http/guards";
import { translateFor } from "../http/language";
import { validate } from "../http/validate";
import type { CalendarFeeds } from "./calendar";
import type { EngagementService } from "./service";

/**
 * /api/engagements: everyone signed in reads the chart; administrators create, edit and delete,
 * and write the agenda and the minutes. GET /:id adds the meeting's record for those who may
 * read it (read.ts engagementDetails).
 */
export function engagementRoutes(engagements: EngagementService) {
  const admin = requireRole("admin");
  const id = validate("param", engagementIdParam);
  return new Hono<AppEnv>()
    .get("/", requireUser, validate("query", engagementListQuery), async (c) =>
      c.json(await engagements.list(c.var.user, c.req.valid("query"))),
    )
    .get("/:id", requireUser, id, async (c) =>
      c.json(await engagements.details(c.var.user, c.req.valid("param").id)),
    )
    .post("/", admin, validate("json", engagementInput), async (c) =>
      c.json(await engagements.create(c.var.user, c.req.valid("json")), 201),
    )
    .put("/:id", admin, id, validate("json", updateEngagementInput), async (c) =>
      c.json(await engagements.update(c.var.user, c.req.valid("param").id, c.req.valid("json"))),
    )
    .delete("/:id", admin, id, async (c) => {
      await engagements.remove(c.var.user, c.req.valid("param").id);
      return c.json({ message: translateFor(c, ENGAGEMENT_MESSAGES.deleted) });
    })
    .put("/:id/agenda", admin, id, validate("json", agendaInput), async (c) =>
      c.json(
        await engagements.saveAgenda(c.var.user, c.req.valid("param").id, c.req.valid("json")),
      ),
    )
    .put("/:id/minutes", admin, id, validate("json", minutesInput), async (c) =>
      c.json(
        await engagements.saveMinutes(c.var.user, c.req.valid("param").id, c.req.valid("json")),
      ),
    );
}

/** /api/calendar: each person's private feed address, and the feed itself (token in the path). */
export function calendarRoutes(feeds: CalendarFeeds, engagements: EngagementService) {
  return new Hono<AppEnv>()
    .get("/feed", requireUser, async (c) => c.json({ url: await feeds.feedUrl(c.var.user.id) }))
    .post("/feed/reset", requireUser, async (c) =>
      c.json({ url: await feeds.resetFeed(c.var.user.id) }),
    )
    .get("/:file", validate("param", calendarFileParam), async (c) => {
      const owner = await feeds.ownerOf(c.req.valid("param").file);
      if (!owner) throw new AppError("NOT_FOUND", CALENDAR_MESSAGES.invalidFeed);
      const { rows, agendas } = await engagements.feed(owner);
      return c.body(feeds.render(rows, agendas, owner.language), 200, {
        "Content-Type": "text/calendar; charset=utf-8",
        "Content-Disposition": 'inline; filename="hed-engagements.ics"',
        "Cache-Control": "private, max-age=300",
      });
    });
}
