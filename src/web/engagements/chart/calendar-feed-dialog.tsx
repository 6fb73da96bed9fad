import { Button, CopyButton, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { confirmAction } from "../../ui/forms/confirm";
import { DIALOG_PROPS } from "../../ui/forms/dialog-props";
import { DialogSkeleton } from "../../ui/forms/dialog-skeleton";
import { useResetCalendarFeed } from "../engagement-mutations";
import { useCalendarFeed } from "../engagement-queries";

function CalendarFeedDetails() {
  const { t } = useTranslation(["engagements", "common"]);
  const feed = useCalendarFeed();
  const resetFeed = useResetCalendarFeed();

  async function handleReset() {
    const isConfirmed = await confirmAction({
      title: "engagements:calendar.resetTitle",
      message: "engagements:calendar.resetMessage",
      confirmLabel: "engagements:calendar.reset",
      cancelLabel: "common:action.cancel",
      isDestructive: true,
    });
    if (isConfirmed) resetFeed.mutate();
  }

  let address = <DialogSkeleton height={36} />;
  if (feed.isError) {
    address = (
      <Group gap="sm">
        <Text size="sm" c="red.8" role="alert">
          {t("calendar.loadFailed")}
        </Text>
        <Button variant="default" size="xs" onClick={() => void feed.refetch()}>
          {t("common:action.tryAgain")}
        </Button>
      </Group>
    );
  } else if (feed.data) {
    address = (
      <TextInput
        label={t("calendar.address")}
        value={feed.data.url}
        readOnly
        // An address reads left to right, whatever the page's direction.
        dir="ltr"
        data-autofocus
        onFocus={(event) => event.currentTarget.select()}
      />
    );
  }

  return (
    <Stack>
      <Text size="sm">{t("calendar.help")}</Text>
      {address}
      <Group justify="space-between">
        <Button
          variant="subtle"
          color="red"
          loading={resetFeed.isPending}
          disabled={!feed.data}
          onClick={() => void handleReset()}
        >
          {t("calendar.reset")}
        </Button>
        <CopyButton value={feed.data?.url ?? ""}>
          {({ copied, copy }) => (
            <Button onClick={copy} disabled={!feed.data}>
              {copied ? t("calendar.copied") : t("calendar.copy")}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/** "Subscribe in calendar": the person's private iCalendar address of this chart. */
export function CalendarFeedButton() {
  const { t } = useTranslation("engagements");
  const [isOpen, dialog] = useDisclosure(false);
  return (
    <>
      <Button variant="default" onClick={dialog.open}>
        {t("calendar.subscribe")}
      </Button>
      <Modal
        opened={isOpen}
        onClose={dialog.close}
        title={t("calendar.subscribe")}
        {...DIALOG_PROPS}
      >
        {/* Mounted only while open: the address is fetched (and first created) on request. */}
        <CalendarFeedDetails />
      </Modal>
    </>
  );
}
