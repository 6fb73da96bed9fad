import { Title } from "@mantine/core";

export function CreateTaskPage() {
  return <Title order={1}>Create New Task</Title>;
}
