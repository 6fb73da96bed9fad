import { Anchor, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { EngagementDetails } from "../../../shared/engagements";
import { DecisionTable } from "../../decisions/decision-table";
import { useDisplayDate } from "../../ui/use-display-date";
import { engagementPath } from "../engagement-display";
import { RecordSection } from "./record-section";

type Previous = NonNullable<NonNullable<EngagementDetails["record"]>["previous"]>;

/**
 * The next meeting opens with the last one's decisions: the meeting this one follows up, and
 * each of its decisions with where it stands today.
 */
export function PreviousDecisions({ previous }: { previous: Previous }) {
  const { t } = useTranslation("engagements");
  const displayDate = useDisplayDate();
  const { engagement } = previous;
  return (
    <RecordSection title={t("previous.title")}>
      <Text size="sm">
        <Anchor component={Link} to={engagementPath(engagement.id)} inherit>
          {t("details.meetingOn", {
            subject: engagement.subject,
            date: displayDate(engagement.date),
          })}
        </Anchor>
      </Text>
      <DecisionTable decisions={previous.decisions} empty="engagements:previous.empty" />
    </RecordSection>
  );
}
