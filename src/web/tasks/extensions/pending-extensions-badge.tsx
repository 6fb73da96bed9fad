import { Badge, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { usePendingExtensionCount } from "./extension-queries";

/**
 * The sidebar's count of extension requests awaiting an answer (admins and organization heads);
 * nothing while there are none. Live changes to tasks refresh it (its query is under "tasks").
 */
export function PendingExtensionsBadge() {
  const { t } = useTranslation();
  const count = usePendingExtensionCount();
  if (count === 0) return null;
  return (
    <Badge size="sm" variant="filled" circle={count < 10}>
      <span aria-hidden="true">{count}</span>
      <VisuallyHidden>{t("sidebar.pendingCount", { count })}</VisuallyHidden>
    </Badge>
  );
}
