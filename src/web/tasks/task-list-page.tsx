import { Button, Stack, Title } from "@mantine/core";
import { Link } from "react-router";
import { useSignedInUser } from "../auth/session";

export function TaskListPage() {
  const { role } = useSignedInUser();
  const seesAllTasks = role === "admin" || role === "organization_head";

  return (
    <Stack align="flex-start">
      <Button component={Link} to="/dashboard" variant="default">
        Back to Dashboard
      </Button>
      <Title order={1}>{seesAllTasks ? "All Tasks" : "My Tasks"}</Title>
    </Stack>
  );
}
