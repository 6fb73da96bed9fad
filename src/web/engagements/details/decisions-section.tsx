import { Stack, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { EngagementDetails } from "../../../shared/engagements";
import { ComplianceSummary } from "../../decisions/compliance-summary";
import { DecisionRecorder } from "../../decisions/decision-recorder";
import { DecisionTable } from "../../decisions/decision-table";

/**
 * The meeting's decisions: where each stands, their compliance for those who may see it, and
 * for admins the form that records more (each action becomes a task).
 */
export function DecisionsSection({
  engagement,
  record,
}: {
  engagement: EngagementDetails;
  record: NonNullable<EngagementDetails["record"]>;
}) {
  const { t } = useTranslation("engagements");
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t("decisions.title")}
      </Title>
      {record.compliance && <ComplianceSummary compliance={record.compliance} />}
      <DecisionTable decisions={record.decisions} />
      {engagement.can.record && <DecisionRecorder engagement={engagement} />}
    </Stack>
  );
}
