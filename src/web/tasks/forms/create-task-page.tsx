import { Paper, Stack, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { CreateTaskForm } from "./create-task-form";

/** /admin/create-task: the Create New Task form as a page; the new task is then in Manage Tasks. */
export function CreateTaskPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();

  return (
    <Stack gap="md" maw={720}>
      <Title order={1} size="h2">
        {t("page.createTask")}
      </Title>
      <Paper withBorder p="md">
        <CreateTaskForm
          onCreated={() => navigate("/admin/manage-tasks")}
          onCancel={() => navigate("/admin")}
        />
      </Paper>
    </Stack>
  );
}
