import { useTranslation } from "react-i18next";
import {
  ENGAGEMENT_STATUS_COLORS,
  ENGAGEMENT_STATUS_LABELS,
  type StoredEngagementStatus,
} from "../../shared/engagements";
import { TintedBadge } from "../ui/tinted-badge";

export function EngagementStatusBadge({ status }: { status: StoredEngagementStatus }) {
  const { t } = useTranslation(["engagements", "common"]);
  return (
    <TintedBadge color={ENGAGEMENT_STATUS_COLORS[status] ?? "gray"}>
      {t(ENGAGEMENT_STATUS_LABELS[status])}
    </TintedBadge>
  );
}
