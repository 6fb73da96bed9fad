import { Anchor, Center, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";

export function NotFoundPage() {
  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" gap="sm">
        <Title order={1} fz={64}>
          404
        </Title>
        <Text size="xl">Oops! Page not found</Text>
        <Anchor component={Link} to="/">
          Return to Home
        </Anchor>
      </Stack>
    </Center>
  );
}
