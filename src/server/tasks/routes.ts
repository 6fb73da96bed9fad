import { Hono } from "hono";
import { type BulkTaskResult, bulkTaskInput } from "../../shared/bulk-tasks";
import {
  createTaskForm,
  extensionDeclineInput,
  extensionIdParam,
  extensionListQuery,
  extensionRequestInput,
  PROGRESS_MESSAGES,
  replyInput,
  responseFileForm,
  TASK_MESSAGES,
  THREAD_MESSAGES,
  taskIdParam,
  taskListQuery,
  taskStatsQuery,
  updateRemarksInput,
  updateTaskForm,
} from "../../shared/tasks";
import { receiveUpload } from "../http/body-limits";
import type { AppEnv } from "../http/context";
import { requireRole, requireUser } from "../http/guards";
import { languageOf, translateFor } from "../http/language";
import { validate } from "../http/validate";
import { type BulkTaskService, bulkSummary } from "./bulk";
import type { ExtensionService } from "./extensions";
import type { TaskHistoryReader } from "./history";
import type { ProgressService } from "./progress";
import type { TaskService } from "./service";
import type { ThreadService } from "./thread";

type TaskServices = {
  tasks: TaskService;
  progress: ProgressService;
  thread: ThreadService;
  extensions: ExtensionService;
  bulk: BulkTaskService;
  history: TaskHistoryReader;
};

/**
 * Request bodies are limited before they get here (http/body-limits.ts); an upload's is read
 * by `upload`, after the caller's role is checked (10 MB, a few at a time).
 */
export function taskRoutes({ tasks, progress, thread, extensions, bulk, history }: TaskServices) {
  const admin = requireRole("admin");
  const upload = receiveUpload();
  const id = validate("param", taskIdParam);
  return (
    new Hono<AppEnv>()
      .get("/", requireUser, validate("query", taskListQuery), async (c) =>
        c.json(await tasks.list(c.var.user, c.req.valid("query"))),
      )
      .get("/stats", requireUser, validate("query", taskStatsQuery), async (c) =>
        c.json(await tasks.stats(c.var.user, c.req.valid("query"))),
      )
      .get("/due-next", requireUser, async (c) =>
        c.json({ tasks: await tasks.dueNext(c.var.user) }),
      )
      .post("/bulk", admin, validate("json", bulkTaskInput), async (c) => {
        const outcome = await bulk.run(c.var.user, c.req.valid("json"));
        const summary = bulkSummary(outcome, languageOf(c));
        return c.json({
          count: outcome.count,
          message: translateFor(c, summary),
        } satisfies BulkTaskResult);
      })
      .get("/:id", requireUser, id, async (c) =>
        c.json(await tasks.get(c.var.user, c.req.valid("param").id)),
      )
      // For admins, organization heads and the task's assignee: another user's task is 404 here,
      // as the task itself is (history.ts).
      .get("/:id/history", requireUser, id, async (c) =>
        c.json(await history(c.var.user, c.req.valid("param").id)),
      )
      .post("/", admin, upload, validate("form", createTaskForm), async (c) =>
        c.json(await tasks.create(c.var.user, c.req.valid("form")), 201),
      )
      .patch("/:id", admin, id, upload, validate("form", updateTaskForm), async (c) =>
        c.json(await tasks.update(c.var.user, c.req.valid("param").id, c.req.valid("form"))),
      )
      .post("/:id/complete", admin, id, async (c) => {
        const task = await tasks.complete(c.var.user, c.req.valid("param").id);
        return c.json({ task, message: translateFor(c, TASK_MESSAGES.markedCompleted) });
      })
      .put("/:id/remarks", requireUser, id, validate("json", updateRemarksInput), async (c) => {
        const task = await progress.updateRemarks(
          c.var.user,
          c.req.valid("param").id,
          c.req.valid("json").remarks,
        );
        return c.json({ task, message: translateFor(c, PROGRESS_MESSAGES.remarksUpdated) });
      })
      .post(
        "/:id/response-file",
        requireUser,
        id,
        upload,
        validate("form", responseFileForm),
        async (c) => {
          const task = await progress.uploadResponseFile(
            c.var.user,
            c.req.valid("param").id,
            c.req.valid("form").file,
          );
          return c.json({ task, message: translateFor(c, PROGRESS_MESSAGES.uploaded) }, 201);
        },
      )
      .delete("/:id/response-file", requireUser, id, async (c) => {
        const task = await progress.deleteResponseFile(c.var.user, c.req.valid("param").id);
        return c.json({ task, message: translateFor(c, PROGRESS_MESSAGES.fileDeleted) });
      })
      .get("/:id/thread", requireUser, id, async (c) =>
        c.json(await thread.thread(c.var.user, c.req.valid("param").id)),
      )
      .post("/:id/replies", admin, id, validate("json", replyInput), async (c) => {
        const answer = await thread.reply(
          c.var.user,
          c.req.valid("param").id,
          c.req.valid("json").body,
        );
        return c.json({ thread: answer, message: translateFor(c, THREAD_MESSAGES.replied) }, 201);
      })
      .post(
        "/:id/extension-requests",
        requireUser,
        id,
        validate("json", extensionRequestInput),
        async (c) => {
          const taskId = c.req.valid("param").id;
          await extensions.request(c.var.user, taskId, c.req.valid("json"));
          return c.json(
            {
              thread: await thread.thread(c.var.user, taskId),
              message: translateFor(c, THREAD_MESSAGES.requested),
            },
            201,
          );
        },
      )
      .delete("/:id", admin, id, async (c) => {
        await tasks.remove(c.var.user, c.req.valid("param").id);
        return c.json({ message: translateFor(c, TASK_MESSAGES.deleted) });
      })
  );
}

/** /api/extension-requests: admins answer them; organization heads read them. */
export function extensionRoutes(extensions: ExtensionService) {
  const admin = requireRole("admin");
  const id = validate("param", extensionIdParam);
  return new Hono<AppEnv>()
    .get(
      "/",
      requireRole("admin", "organization_head"),
      validate("query", extensionListQuery),
      async (c) => c.json(await extensions.list(c.var.user, c.req.valid("query").status)),
    )
    .post("/:id/approve", admin, id, async (c) => {
      await extensions.approve(c.var.user, c.req.valid("param").id);
      return c.json({ message: translateFor(c, THREAD_MESSAGES.approved) });
    })
    .post("/:id/decline", admin, id, validate("json", extensionDeclineInput), async (c) => {
      await extensions.decline(c.var.user, c.req.valid("param").id, c.req.valid("json").reason);
      return c.json({ message: translateFor(c, THREAD_MESSAGES.declined) });
    });
}
