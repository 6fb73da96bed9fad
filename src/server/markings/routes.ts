import { Hono } from "hono";
import { message } from "../../shared/i18n/message";
import {
  answerInput,
  closeAsSeenInput,
  MARKING_MESSAGES,
  markedByMeQuery,
  markOnwardInput,
  pullBackInput,
  withMeQuery,
} from "../../shared/markings";
import { taskIdParam } from "../../shared/tasks";
import type { AppEnv } from "../http/context";
import { requireRole, requireUser } from "../http/guards";
import { languageOf, translateFor } from "../http/language";
import { validate } from "../http/validate";
import type { MarkingLists } from "./lists";
import type { MarkingService } from "./service";

/**
 * /api/tasks/:id/… for a task's movement. Every signed-in account reaches them; the service
 * decides by the task (its holder, its sender, an admin; organization heads read only).
 */
export function markingRoutes(markings: MarkingService) {
  const id = validate("param", taskIdParam);
  return new Hono<AppEnv>()
    .get("/:id/movement", requireUser, id, async (c) =>
      c.json(await markings.movement(c.var.user, c.req.valid("param").id, languageOf(c))),
    )
    .post("/:id/mark", requireUser, id, validate("json", markOnwardInput), async (c) => {
      const taskId = c.req.valid("param").id;
      await markings.markOnward(c.var.user, taskId, c.req.valid("json"));
      const movement = await markings.movement(c.var.user, taskId, languageOf(c));
      const to = movement.markings.at(-1)?.to.name ?? "";
      return c.json({
        movement,
        message: translateFor(c, message(MARKING_MESSAGES.marked, { name: to })),
      });
    })
    .post("/:id/open", requireUser, id, async (c) => {
      const taskId = c.req.valid("param").id;
      await markings.open(c.var.user, taskId);
      return c.json({ movement: await markings.movement(c.var.user, taskId, languageOf(c)) });
    })
    .post("/:id/pull-back", requireUser, id, validate("json", pullBackInput), async (c) => {
      const taskId = c.req.valid("param").id;
      await markings.pullBack(c.var.user, taskId, c.req.valid("json").reason);
      return c.json({
        movement: await markings.movement(c.var.user, taskId, languageOf(c)),
        message: translateFor(c, MARKING_MESSAGES.pulledBack),
      });
    })
    .post("/:id/answer", requireUser, id, validate("json", answerInput), async (c) => {
      const taskId = c.req.valid("param").id;
      await markings.answer(c.var.user, taskId, c.req.valid("json"));
      const movement = await markings.movement(c.var.user, taskId, languageOf(c));
      const last = movement.markings.at(-1);
      // On a route, an approval marks it on to the next step; otherwise it went back.
      const said = last?.kind === "marked" ? MARKING_MESSAGES.marked : MARKING_MESSAGES.returned;
      return c.json({
        movement,
        message: translateFor(c, message(said, { name: last?.to.name ?? "" })),
      });
    })
    .post("/:id/close-as-seen", requireUser, id, validate("json", closeAsSeenInput), async (c) => {
      const taskId = c.req.valid("param").id;
      await markings.closeAsSeen(c.var.user, taskId, c.req.valid("json").remark);
      return c.json({
        movement: await markings.movement(c.var.user, taskId, languageOf(c)),
        message: translateFor(c, MARKING_MESSAGES.closedAsSeen),
      });
    });
}

/**
 * /api/markings/…: "With me" and "Marked by me" for those who hold and mark files. Organization
 * heads neither hold nor mark anything (they stay read-only), so the lists refuse them (403)
 * rather than answer an empty page that suggests otherwise.
 */
export function markingListRoutes(lists: MarkingLists) {
  return new Hono<AppEnv>()
    .use(requireRole("user", "admin"))
    .get("/with-me", validate("query", withMeQuery), async (c) =>
      c.json(await lists.withMe(c.var.user, c.req.valid("query"), languageOf(c))),
    )
    .get("/marked-by-me", validate("query", markedByMeQuery), async (c) =>
      c.json(await lists.markedByMe(c.var.user, c.req.valid("query"), languageOf(c))),
    );
}
