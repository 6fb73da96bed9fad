import { Hono } from "hono";
import {
  createViewInput,
  SAVED_VIEW_MESSAGES,
  updateViewInput,
  viewIdParam,
  viewListQuery,
} from "../../shared/views";
import type { AppEnv } from "../http/context";
import { requireUser } from "../http/guards";
import { translateFor } from "../http/language";
import { validate } from "../http/validate";
import type { ViewService } from "./service";

/**
 * /api/views: a person's saved views of a list's filters, and those admins share with
 * everyone; pinned ones fill the sidebar. Every role has lists of its own: which, and who may
 * change what, is policy.ts, asked by the service (signed in is the only guard here).
 */
export function viewRoutes(views: ViewService) {
  const id = validate("param", viewIdParam);
  return new Hono<AppEnv>()
    .use(requireUser)
    .get("/", validate("query", viewListQuery), async (c) =>
      c.json(await views.list(c.var.user, c.req.valid("query").list)),
    )
    .get("/pinned", async (c) => c.json({ views: await views.pinned(c.var.user) }))
    .post("/", validate("json", createViewInput), async (c) => {
      const view = await views.create(c.var.user, c.req.valid("json"));
      return c.json({ view, message: translateFor(c, SAVED_VIEW_MESSAGES.saved) }, 201);
    })
    .patch("/:id", id, validate("json", updateViewInput), async (c) => {
      const view = await views.update(c.var.user, c.req.valid("param").id, c.req.valid("json"));
      return c.json({ view, message: translateFor(c, SAVED_VIEW_MESSAGES.updated) });
    })
    .delete("/:id", id, async (c) => {
      await views.remove(c.var.user, c.req.valid("param").id);
      return c.json({ message: translateFor(c, SAVED_VIEW_MESSAGES.deleted) });
    })
    .put("/:id/pin", id, async (c) => {
      await views.pin(c.var.user, c.req.valid("param").id);
      return c.json({ message: translateFor(c, SAVED_VIEW_MESSAGES.pinned) });
    })
    .delete("/:id/pin", id, async (c) => {
      await views.unpin(c.var.user, c.req.valid("param").id);
      return c.json({ message: translateFor(c, SAVED_VIEW_MESSAGES.unpinned) });
    });
}
