import { useTranslation } from "react-i18next";
import { EXTENSION_STATUS_LABELS, type ExtensionStatus } from "../../../shared/tasks";
import { TintedBadge } from "../../ui/tinted-badge";

const EXTENSION_STATUS_COLORS: Record<ExtensionStatus, string> = {
  pending: "orange",
  approved: "green",
  declined: "red",
};

/** An extension request's state, in words and its colour. */
export function ExtensionStatusBadge({ status }: { status: ExtensionStatus }) {
  const { t } = useTranslation(["tasks", "common"]);
  return (
    <TintedBadge color={EXTENSION_STATUS_COLORS[status]}>
      {t(EXTENSION_STATUS_LABELS[status])}
    </TintedBadge>
  );
}
