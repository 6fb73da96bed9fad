import { Button, CopyButton, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { confirmAction } from "../../ui/forms/confirm";
import { DIALOG_PROPS } from "../../ui/forms/dialog-props";
import { DialogSkeleton } from "../../ui/forms/dialog-skeleton";
import { useResetCalendarFeed } from "../engagement-mutations";
import { useCalendarFeed } from "../engagement-queries";

const FEED_HELP =
  "Add this address in Outlook, Google Calendar or your phone's calendar as an internet calendar subscription; keep it private.";

function CalendarFeedDetails() {
  const feed = useCalendarFeed();
  const resetFeed = useResetCalendarFeed();

  async function handleReset() {
    const isConfirmed = await confirmAction({
      title: "Reset calendar link",
      message:
        "The current link will stop working at once; calendars subscribed with it need the new one.",
      confirmLabel: "Reset link",
      cancelLabel: "Cancel",
      isDestructive: true,
    });
    if (isConfirmed) resetFeed.mutate();
  }

  let address = <DialogSkeleton height={36} />;
  if (feed.isError) {
    address = (
      <Group gap="sm">
        <Text size="sm" c="red.8" role="alert">
          Failed to load your calendar address
        </Text>
        <Button variant="default" size="xs" onClick={() => void feed.refetch()}>
          Try Again
        </Button>
      </Group>
    );
  } else if (feed.data) {
    address = (
      <TextInput
        label="Your calendar address"
        value={feed.data.url}
        readOnly
        data-autofocus
        onFocus={(event) => event.currentTarget.select()}
      />
    );
  }

  return (
    <Stack>
      <Text size="sm">{FEED_HELP}</Text>
      {address}
      <Group justify="space-between">
        <Button
          variant="subtle"
          color="red"
          loading={resetFeed.isPending}
          disabled={!feed.data}
          onClick={() => void handleReset()}
        >
          Reset link
        </Button>
        <CopyButton value={feed.data?.url ?? ""}>
          {({ copied, copy }) => (
            <Button onClick={copy} disabled={!feed.data}>
              {copied ? "Copied" : "Copy"}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/** "Subscribe in calendar": the person's private iCalendar address of this chart. */
export function CalendarFeedButton() {
  const [isOpen, dialog] = useDisclosure(false);
  return (
    <>
      <Button variant="default" onClick={dialog.open}>
        Subscribe in calendar
      </Button>
      <Modal opened={isOpen} onClose={dialog.close} title="Subscribe in calendar" {...DIALOG_PROPS}>
        {/* Mounted only while open: the address is fetched (and first created) on request. */}
        <CalendarFeedDetails />
      </Modal>
    </>
  );
}
