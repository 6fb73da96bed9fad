import { Alert, Button, Group, Skeleton, Stack, Tabs, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { z } from "zod/mini";
import { displayTime } from "../../../shared/dates";
import { ENGAGEMENT_MESSAGES } from "../../../shared/engagements";
import { withFallbacks } from "../../../shared/list-state";
import type { Role } from "../../../shared/roles";
import { hasStatus } from "../../api/errors";
import { useSignedInUser } from "../../auth/session";
import { EditIcon } from "../../ui/action-icons";
import { useListState } from "../../ui/list/use-list-state";
import { useDisplayDate } from "../../ui/use-display-date";
import { useEngagement } from "../engagement-queries";
import { EngagementStatusBadge } from "../engagement-status-badge";
import { EditEngagementDialog } from "../forms/edit-engagement-dialog";
import { PrintAgenda } from "./agenda-printout";
import { AgendaSection } from "./agenda-section";
import { DecisionsSection } from "./decisions-section";
import { EngagementFacts } from "./engagement-facts";
import { MinutesSection } from "./minutes-section";
import type { RecordSectionProps } from "./record-section";

/** Each role's own chart, where its sidebar leads. */
const CHART_OF: Record<Role, string> = {
  admin: "/admin/engagement-chart",
  organization_head: "/organization/engagement-chart",
  user: "/user/engagement-chart",
};

const SECTIONS = ["details", "agenda", "minutes", "decisions"] as const;
type Section = (typeof SECTIONS)[number];
/** The open section in the address, kept as every page keeps its state there. */
const pageState = withFallbacks(z.object({ section: z._default(z.enum(SECTIONS), "details") }));

function isSection(value: string | null): value is Section {
  return (SECTIONS as readonly (string | null)[]).includes(value);
}

function BackToChart() {
  const { t } = useTranslation("engagements");
  const { role } = useSignedInUser();
  return (
    <Button component={Link} to={CHART_OF[role]} variant="default" w="fit-content">
      {t("action.backToChart")}
    </Button>
  );
}

/**
 * The sections of a meeting's record, for participants, organization heads and admins. The
 * open one is in the address (`?section=`), so a link can lead to the minutes; the minutes'
 * editor loads once its section is first opened.
 */
function RecordTabs({ engagement, record }: RecordSectionProps) {
  const { t } = useTranslation("engagements");
  const { values, change } = useListState(pageState);
  const { section } = values;
  const [opened, setOpened] = useState<ReadonlySet<Section>>(() => new Set([section]));

  function handleChange(value: string | null) {
    if (!isSection(value)) return;
    setOpened((current) => new Set(current).add(value));
    change({ section: value }, { replace: true });
  }

  return (
    <Tabs value={section} onChange={handleChange}>
      <Tabs.List mb="md">
        <Tabs.Tab value="details">{t("section.details")}</Tabs.Tab>
        <Tabs.Tab value="agenda">{t("section.agenda")}</Tabs.Tab>
        <Tabs.Tab value="minutes">{t("section.minutes")}</Tabs.Tab>
        <Tabs.Tab value="decisions">{t("section.decisions")}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="details">
        <EngagementFacts engagement={engagement} />
      </Tabs.Panel>
      <Tabs.Panel value="agenda">
        <AgendaSection engagement={engagement} record={record} />
      </Tabs.Panel>
      <Tabs.Panel value="minutes">
        {(opened.has("minutes") || section === "minutes") && (
          <MinutesSection engagement={engagement} record={record} />
        )}
      </Tabs.Panel>
      <Tabs.Panel value="decisions">
        <DecisionsSection engagement={engagement} record={record} />
      </Tabs.Panel>
    </Tabs>
  );
}

/**
 * /engagement/:id, for every role: the meeting's chart fields, who attends, the meeting it
 * follows up and its postponement or cancellation; for its participants, organization heads and
 * admins also its agenda, minutes and decisions (`record`, null for anyone else). Admins edit
 * and record here; Print Agenda puts the agenda on A4.
 */
export function EngagementPage() {
  const { t } = useTranslation(["engagements", "common"]);
  const { id = "" } = useParams();
  const displayDate = useDisplayDate();
  const { data: engagement, error, isPending } = useEngagement(id);
  const [isEditing, editDialog] = useDisclosure(false);

  if (hasStatus(error, 404)) {
    return (
      <Stack align="flex-start" gap="md">
        <Title order={1} size="h2">
          {t(ENGAGEMENT_MESSAGES.notFound)}
        </Title>
        <Text c="dimmed">{t("details.notFound")}</Text>
        <BackToChart />
      </Stack>
    );
  }

  if (isPending || !engagement) {
    return (
      <Stack gap="md" aria-busy={isPending}>
        <Title order={1} size="h2">
          {t("common:page.engagementDetails")}
        </Title>
        {isPending ? <Skeleton height={240} /> : <BackToChart />}
      </Stack>
    );
  }

  const { record } = engagement;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={6}>
          <Title order={1} size="h2" style={{ overflowWrap: "anywhere" }}>
            {engagement.subject}
          </Title>
          <Group gap="sm">
            <EngagementStatusBadge status={engagement.status} />
            <Text c="dimmed" size="sm">
              {displayDate(engagement.date)}
            </Text>
            <Text c="dimmed" size="sm">
              {/* Isolated, so an Urdu page does not put AM before the hour. */}
              <bdi>{displayTime(engagement.time)}</bdi>
            </Text>
          </Group>
        </Stack>
        <Group gap="sm">
          {engagement.can.edit && (
            <Button variant="default" leftSection={<EditIcon />} onClick={editDialog.open}>
              {t("dialog.edit")}
            </Button>
          )}
          {record && <PrintAgenda engagement={engagement} record={record} />}
        </Group>
      </Group>
      {record ? (
        <RecordTabs engagement={engagement} record={record} />
      ) : (
        <>
          <EngagementFacts engagement={engagement} />
          <Alert color="gray" variant="light">
            {t("details.recordHidden")}
          </Alert>
        </>
      )}
      <BackToChart />
      <EditEngagementDialog engagement={engagement} opened={isEditing} onClose={editDialog.close} />
    </Stack>
  );
}
