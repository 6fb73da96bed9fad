import { Button, Group, Modal, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { EngagementItem } from "../../../shared/engagements";
import { DIALOG_PROPS } from "../../ui/forms/dialog-props";
import { EngagementFacts } from "../details/engagement-facts";
import { engagementPath } from "../engagement-display";

/** Read-only details of one engagement, and the way to its own page (agenda, minutes). */
export function EngagementDetailsDialog({
  engagement,
  opened,
  onClose,
}: {
  engagement: EngagementItem | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(["engagements", "common"]);
  return (
    <Modal opened={opened} onClose={onClose} title={t("dialog.details")} {...DIALOG_PROPS}>
      {engagement && (
        <Stack gap="md">
          <EngagementFacts engagement={engagement} />
          <Group justify="flex-end">
            <Button component={Link} to={engagementPath(engagement.id)} variant="light">
              {t("action.openPage")}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
