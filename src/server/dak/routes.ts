import { Hono } from "hono";
import {
  amendReceiptInput,
  closeReceiptInput,
  DAK_MESSAGES,
  diariseForm,
  dispatchForm,
  dispatchIdParam,
  dispatchListQuery,
  linkReceiptInput,
  markInput,
  receiptIdParam,
  receiptListQuery,
  searchQuery,
} from "../../shared/dak";
import { message } from "../../shared/i18n/message";
import { taskIdParam } from "../../shared/tasks";
import { receiveUpload } from "../http/body-limits";
import type { AppEnv } from "../http/context";
import { requireUser } from "../http/guards";
import { translateFor } from "../http/language";
import { validate } from "../http/validate";
import { requireRegisterKeeper } from "./policy";
import type { DakService } from "./service";

/**
 * /api/receipts: the diary register. Everyone signed in reads what is theirs to read (the
 * register's keepers and organization heads every Normal receipt); the keepers diarise, mark,
 * link, close and amend. A scan upload is read only after the caller is known to be a keeper.
 */
export function receiptRoutes(dak: DakService) {
  const keeper = requireRegisterKeeper;
  const id = validate("param", receiptIdParam);
  const query = validate("query", receiptListQuery);
  return new Hono<AppEnv>()
    .get("/", requireUser, query, async (c) =>
      c.json(await dak.receipts(c.var.user, c.req.valid("query"))),
    )
    .get("/export", requireUser, query, async (c) => {
      const { page: _page, ...filters } = c.req.valid("query");
      return c.json(await dak.exportReceipts(c.var.user, filters));
    })
    .get("/settings", requireUser, async (c) => c.json(await dak.settings()))
    .get("/for-task/:id", requireUser, validate("param", taskIdParam), async (c) =>
      c.json(await dak.taskLetters(c.var.user, c.req.valid("param").id)),
    )
    .get("/:id", requireUser, id, async (c) =>
      c.json(await dak.receipt(c.var.user, c.req.valid("param").id)),
    )
    .post("/", keeper, receiveUpload(), validate("form", diariseForm), async (c) => {
      const { receipt, officerName } = await dak.diarise(c.var.user, c.req.valid("form"));
      const said = officerName
        ? message(DAK_MESSAGES.diarisedAndMarked, {
            number: receipt.diaryNumber,
            name: officerName,
          })
        : message(DAK_MESSAGES.diarised, { number: receipt.diaryNumber });
      return c.json({ receipt, message: translateFor(c, said) }, 201);
    })
    .patch("/:id", keeper, id, validate("json", amendReceiptInput), async (c) => {
      const receipt = await dak.amend(c.var.user, c.req.valid("param").id, c.req.valid("json"));
      return c.json({ receipt, message: translateFor(c, DAK_MESSAGES.amended) });
    })
    .post("/:id/mark", keeper, id, validate("json", markInput), async (c) => {
      const { receipt, officerName } = await dak.mark(
        c.var.user,
        c.req.valid("param").id,
        c.req.valid("json"),
      );
      const said = message(DAK_MESSAGES.marked, { name: officerName });
      return c.json({ receipt, message: translateFor(c, said) });
    })
    .post("/:id/link", keeper, id, validate("json", linkReceiptInput), async (c) => {
      const { taskId } = c.req.valid("json");
      const receipt = await dak.link(c.var.user, c.req.valid("param").id, taskId);
      return c.json({ receipt, message: translateFor(c, DAK_MESSAGES.linked) });
    })
    .post("/:id/close", keeper, id, validate("json", closeReceiptInput), async (c) => {
      const { reason } = c.req.valid("json");
      const receipt = await dak.close(c.var.user, c.req.valid("param").id, reason);
      return c.json({ receipt, message: translateFor(c, DAK_MESSAGES.closed) });
    });
}

/** /api/dispatches: the dispatch register, read as receipts are; its keepers dispatch. */
export function dispatchRoutes(dak: DakService) {
  const query = validate("query", dispatchListQuery);
  return new Hono<AppEnv>()
    .get("/", requireUser, query, async (c) =>
      c.json(await dak.dispatches(c.var.user, c.req.valid("query"))),
    )
    .get("/export", requireUser, query, async (c) => {
      const { page: _page, ...filters } = c.req.valid("query");
      return c.json(await dak.exportDispatches(c.var.user, filters));
    })
    .get("/:id", requireUser, validate("param", dispatchIdParam), async (c) =>
      c.json(await dak.dispatchOne(c.var.user, c.req.valid("param").id)),
    )
    .post(
      "/",
      requireRegisterKeeper,
      receiveUpload(),
      validate("form", dispatchForm),
      async (c) => {
        const dispatch = await dak.dispatch(c.var.user, c.req.valid("form"));
        const said = message(DAK_MESSAGES.dispatched, { number: dispatch.dispatchNumber });
        return c.json({ dispatch, message: translateFor(c, said) }, 201);
      },
    );
}

/** /api/search: the header's one box, over what the caller may read. */
export function searchRoutes(dak: DakService) {
  return new Hono<AppEnv>().get("/", requireUser, validate("query", searchQuery), async (c) =>
    c.json({ hits: await dak.search(c.var.user, c.req.valid("query").q) }),
  );
}
