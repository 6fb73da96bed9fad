import { Anchor, VisuallyHidden } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { FILE_MESSAGES } from "../../../shared/files";
import type { FileLink } from "../../../shared/tasks";
import { notifyError } from "../../ui/notify";
import { taskDetailOptions } from "../task-queries";

export type TaskFileKind = "attachment" | "responseFile";

const OPEN_FAILED: Record<TaskFileKind, string> = {
  attachment: FILE_MESSAGES.openAttachmentFailed,
  responseFile: FILE_MESSAGES.openResponseFailed,
};

/** Time for the click to reach the server before the link runs out, and for clock drift. */
const SAFETY_MARGIN_MS = 10_000;

type TaskFileLinkProps = {
  taskId: string;
  kind: TaskFileKind;
  file: FileLink;
  /** When the link was fetched, and how long the server said it lives (LINK_TTL). */
  fetchedAt: number;
  ttlSeconds: number;
};

/**
 * Opens a task's file in a new tab. Signed links expire (a minute in lists), so an old link
 * is swapped on click for a fresh one from GET /api/tasks/:id, which lives an hour.
 */
export function TaskFileLink({ taskId, kind, file, fetchedAt, ttlSeconds }: TaskFileLinkProps) {
  const queryClient = useQueryClient();
  const { t } = useTranslation(["tasks", "common"]);

  async function handleOpen(event: MouseEvent<HTMLAnchorElement>) {
    if (Date.now() < fetchedAt + ttlSeconds * 1000 - SAFETY_MARGIN_MS) return;
    event.preventDefault();
    try {
      const task = await queryClient.fetchQuery({ ...taskDetailOptions(taskId), staleTime: 0 });
      const fresh = task[kind];
      if (!fresh) throw new Error(`The task no longer has this ${kind}`);
      window.open(fresh.url, "_blank", "noopener,noreferrer");
    } catch {
      notifyError(OPEN_FAILED[kind]);
    }
  }

  return (
    <Anchor
      href={file.url}
      target="_blank"
      rel="noopener noreferrer"
      size="sm"
      onClick={(event) => void handleOpen(event)}
    >
      {file.fileName}
      <VisuallyHidden> {t("file.opensInNewTab")}</VisuallyHidden>
    </Anchor>
  );
}
