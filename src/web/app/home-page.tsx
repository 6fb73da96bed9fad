import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { Link, Navigate } from "react-router";
import { useCurrentUser } from "../auth/session";
import { DepartmentBanner } from "../ui/department-banner";
import { FullPageLoader } from "../ui/full-page-loader";

export function HomePage() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <FullPageLoader />;
  if (user) return <Navigate to="/dashboard" replace />;

  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" gap="md" maw={560} ta="center">
        <DepartmentBanner />
        <Title order={1}>Task Manager</Title>
        <Text size="lg" fw={500} c="dimmed">
          HED Task Management System
        </Text>
        <Text>Keep tasks organised, track progress and collaborate efficiently.</Text>
        <Button component={Link} to="/auth" size="md">
          Get Started
        </Button>
      </Stack>
    </Center>
  );
}
