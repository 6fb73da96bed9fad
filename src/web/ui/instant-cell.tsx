import { Stack, Text } from "@mantine/core";
import { useDisplayInstant } from "./use-display-date";

/**
 * When something happened, for a table cell: the day as the page writes dates, and the time
 * (24-hour, the office's clock) under it, so time columns stay narrow. Empty for null.
 */
export function InstantCell({ timestamp }: { timestamp: string | null }) {
  const displayInstant = useDisplayInstant();
  if (timestamp === null) return null;
  const { date, time } = displayInstant(timestamp);
  return (
    <Stack gap={0}>
      <Text size="sm">{date}</Text>
      <Text size="xs" c="dimmed">
        {time}
      </Text>
    </Stack>
  );
}
