import { Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";
import type { EngagementDetails } from "../../../shared/engagements";

/** What each section of a meeting's record is drawn from. */
export type RecordSectionProps = {
  engagement: EngagementDetails;
  record: NonNullable<EngagementDetails["record"]>;
};

/**
 * A section of the meeting's record under its heading: an h2, drawn a size smaller to sit
 * under the page's h1.
 */
export function RecordSection({
  title,
  gap = "sm",
  children,
}: {
  /** Already in the page's language. */
  title: string;
  gap?: "sm" | "md";
  children: ReactNode;
}) {
  return (
    <Stack gap={gap}>
      <Title order={2} size="h3">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
