import { Hono } from "hono";
import {
  DECISION_MESSAGES,
  decisionIdParam,
  decisionListQuery,
  decisionsInput,
} from "../../shared/decisions";
import { engagementIdParam } from "../../shared/engagements";
import type { AppEnv } from "../http/context";
import { requireRole } from "../http/guards";
import { translateFor } from "../http/language";
import { validate } from "../http/validate";
import type { DecisionService } from "./service";

/**
 * POST /api/engagements/:id/decisions: administrators record a save's decisions (mounted beside
 * the engagement routes). Answers them as the engagement page shows them.
 */
export function engagementDecisionRoutes(decisions: DecisionService) {
  return new Hono<AppEnv>().post(
    "/:id/decisions",
    requireRole("admin"),
    validate("param", engagementIdParam),
    validate("json", decisionsInput),
    async (c) => {
      const recorded = await decisions.record(
        c.var.user,
        c.req.valid("param").id,
        c.req.valid("json").decisions,
      );
      return c.json({ decisions: recorded }, 201);
    },
  );
}

/**
 * /api/decisions: every meeting's decisions for administrators and organization heads (the
 * Decisions page, and all of its rows for print and export); administrators delete one.
 */
export function decisionRoutes(decisions: DecisionService) {
  const readers = requireRole("admin", "organization_head");
  const query = validate("query", decisionListQuery);
  return new Hono<AppEnv>()
    .get("/", readers, query, async (c) =>
      c.json(await decisions.list(c.var.user, c.req.valid("query"))),
    )
    .get("/export", readers, query, async (c) => {
      const { page: _page, ...filters } = c.req.valid("query");
      return c.json(await decisions.export(c.var.user, filters));
    })
    .delete("/:id", requireRole("admin"), validate("param", decisionIdParam), async (c) => {
      await decisions.remove(c.var.user, c.req.valid("param").id);
      return c.json({ message: translateFor(c, DECISION_MESSAGES.deleted) });
    });
}
