import { Center, Loader, Stack, Text } from "@mantine/core";

export function FullPageLoader() {
  return (
    <Center mih="100vh" role="status">
      <Stack align="center" gap="xs">
        <Loader aria-hidden />
        <Text>Loading...</Text>
      </Stack>
    </Center>
  );
}
