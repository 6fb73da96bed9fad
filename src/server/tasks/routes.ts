import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { FILE_MESSAGES, MAX_FILE_BYTES } from "../../shared/files";
import {
  createTaskForm,
  PROGRESS_MESSAGES,
  responseFileForm,
  TASK_MESSAGES,
  taskListQuery,
  taskStatsQuery,
  updateRemarksInput,
  updateTaskForm,
} from "../../shared/tasks";
import { requireRole, requireUser } from "../auth/session";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { validate } from "../validate";
import type { ProgressService } from "./progress";
import type { TaskService } from "./service";

/** Room for one file just under the limit plus the form fields around it. */
const uploadLimit = bodyLimit({
  maxSize: MAX_FILE_BYTES + 256 * 1024,
  onError: () => {
    throw new AppError("TOO_LARGE", FILE_MESSAGES.tooLarge);
  },
});

export function taskRoutes(tasks: TaskService, progress: ProgressService) {
  const admin = requireRole("admin");
  return new Hono<AppEnv>()
    .get("/", requireUser, validate("query", taskListQuery), async (c) =>
      c.json(await tasks.list(c.var.user, c.req.valid("query"))),
    )
    .get("/stats", requireUser, validate("query", taskStatsQuery), async (c) =>
      c.json(await tasks.stats(c.var.user, c.req.valid("query"))),
    )
    .get("/:id", requireUser, async (c) => c.json(await tasks.get(c.var.user, c.req.param("id"))))
    .post("/", admin, uploadLimit, validate("form", createTaskForm), async (c) =>
      c.json(await tasks.create(c.var.user, c.req.valid("form")), 201),
    )
    .patch("/:id", admin, uploadLimit, validate("form", updateTaskForm), async (c) =>
      c.json(await tasks.update(c.var.user, c.req.param("id"), c.req.valid("form"))),
    )
    .post("/:id/complete", admin, async (c) => {
      const task = await tasks.complete(c.var.user, c.req.param("id"));
      return c.json({ task, message: TASK_MESSAGES.markedCompleted });
    })
    .put("/:id/remarks", requireUser, validate("json", updateRemarksInput), async (c) => {
      const task = await progress.updateRemarks(
        c.var.user,
        c.req.param("id"),
        c.req.valid("json").remarks,
      );
      return c.json({ task, message: PROGRESS_MESSAGES.remarksUpdated });
    })
    .post(
      "/:id/response-file",
      requireUser,
      uploadLimit,
      validate("form", responseFileForm),
      async (c) => {
        const task = await progress.uploadResponseFile(
          c.var.user,
          c.req.param("id"),
          c.req.valid("form").file,
        );
        return c.json({ task, message: PROGRESS_MESSAGES.uploaded }, 201);
      },
    )
    .delete("/:id/response-file", requireUser, async (c) => {
      const task = await progress.deleteResponseFile(c.var.user, c.req.param("id"));
      return c.json({ task, message: PROGRESS_MESSAGES.fileDeleted });
    })
    .delete("/:id", admin, async (c) => {
      await tasks.remove(c.var.user, c.req.param("id"));
      return c.json({ message: TASK_MESSAGES.deleted });
    });
}
