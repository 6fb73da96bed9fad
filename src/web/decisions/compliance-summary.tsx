import { Group, Paper, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { type Compliance, DECISION_STATUS_LABELS, DECISION_STATUSES } from "../../shared/decisions";
import { formatComplianceRate } from "./decision-display";
import classes from "./decisions.module.css";

/**
 * How far a set of decisions has been carried out: the compliance rate (done out of the
 * actions; a dash while nothing is actionable) and how many decisions stand at each status.
 */
export function ComplianceSummary({ compliance }: { compliance: Compliance }) {
  const { t } = useTranslation(["decisions", "common"]);
  const label = t("compliance.label");
  return (
    <Paper withBorder p="sm" radius="md" className={classes.summary}>
      <Group gap="lg" align="flex-end" role="group" aria-label={label}>
        <Stack gap={0}>
          <Text size="sm" c="dimmed">
            {t("compliance.rate")}
          </Text>
          <Text fz={28} fw={700} lh={1.2}>
            {formatComplianceRate(compliance.rate)}
          </Text>
          <Text size="xs" c="dimmed">
            {t("compliance.ofActions", { done: compliance.done, count: compliance.actionable })}
          </Text>
        </Stack>
        <Group component="dl" gap="lg" className={classes.counts}>
          {DECISION_STATUSES.map((status) => (
            <div key={status} className={classes.count}>
              <Text component="dt" size="sm" c="dimmed">
                {t(DECISION_STATUS_LABELS[status])}
              </Text>
              <Text
                component="dd"
                fz="xl"
                fw={600}
                c={status === "overdue" && compliance.overdue > 0 ? "red.9" : undefined}
              >
                {compliance[status]}
              </Text>
            </div>
          ))}
        </Group>
      </Group>
    </Paper>
  );
}
