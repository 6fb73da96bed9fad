import { Button, Stack, Title } from "@mantine/core";
import { Link } from "react-router";

export function TaskDetailsPage() {
  return (
    <Stack align="flex-start">
      <Button component={Link} to="/user/dashboard" variant="default">
        Back to Tasks
      </Button>
      <Title order={1}>Task Details</Title>
    </Stack>
  );
}
