import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { issueMessage } from "../../shared/i18n/message";
import { verificationCodeParam } from "../../shared/notesheet";
import { taskIdParam } from "../../shared/tasks";
import type { AppEnv } from "../http/context";
import { AppError } from "../http/errors";
import { requireUser } from "../http/guards";
import { languageOf } from "../http/language";
import { validate } from "../http/validate";
import type { NoteSheetService } from "./service";

/**
 * A printout's code that is not one is a mistake to name (400), not a record that is missing
 * (validate() answers a bad path parameter with 404): it was mistyped, or cut off by a scan.
 */
const verificationCode = zValidator("param", verificationCodeParam, (result) => {
  if (!result.success) throw new AppError("VALIDATION", issueMessage(result.error.issues[0]));
});

/**
 * GET /api/tasks/:id/note-sheet and GET /api/verify/:code, for whoever reads the task (the
 * paragraphs' designations in the reader's language).
 */
export function noteSheetRoutes(notes: NoteSheetService) {
  return new Hono<AppEnv>()
    .get("/tasks/:id/note-sheet", requireUser, validate("param", taskIdParam), async (c) =>
      c.json(await notes.noteSheet(c.var.user, c.req.valid("param").id, languageOf(c))),
    )
    .get("/verify/:code", requireUser, verificationCode, async (c) =>
      c.json(await notes.verify(c.var.user, c.req.valid("param").code, languageOf(c))),
    );
}
