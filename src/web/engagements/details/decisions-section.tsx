import { useTranslation } from "react-i18next";
import { ComplianceSummary } from "../../decisions/compliance-summary";
import { DecisionRecorder } from "../../decisions/decision-recorder";
import { DecisionTable } from "../../decisions/decision-table";
import { RecordSection, type RecordSectionProps } from "./record-section";

/**
 * The meeting's decisions: where each stands, their compliance for those who may see it, and
 * for admins the form that records more (each action becomes a task).
 */
export function DecisionsSection({ engagement, record }: RecordSectionProps) {
  const { t } = useTranslation("engagements");
  return (
    <RecordSection title={t("decisions.title")} gap="md">
      {record.compliance && <ComplianceSummary compliance={record.compliance} />}
      <DecisionTable decisions={record.decisions} />
      {engagement.can.record && <DecisionRecorder engagement={engagement} />}
    </RecordSection>
  );
}
