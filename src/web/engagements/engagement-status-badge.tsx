import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";
import {
  ENGAGEMENT_STATUS_COLORS,
  ENGAGEMENT_STATUS_LABELS,
  type StoredEngagementStatus,
} from "../../shared/engagements";

/**
 * A status in its colour (ARCHITECTURE.md): a light tint with the darkest shade, darkened a
 * little more, as text, since Mantine's own green and orange text on white stay below 4.5:1.
 */
export function EngagementStatusBadge({ status }: { status: StoredEngagementStatus }) {
  const { t } = useTranslation(["engagements", "common"]);
  const color = ENGAGEMENT_STATUS_COLORS[status] ?? "gray";
  return (
    <Badge
      color={color}
      variant="light"
      tt="none"
      radius="sm"
      style={{
        color: `color-mix(in srgb, var(--mantine-color-${color}-9) 75%, black)`,
        // A narrow table column must not cut the status short.
        minWidth: "max-content",
      }}
    >
      {t(ENGAGEMENT_STATUS_LABELS[status])}
    </Badge>
  );
}
