import { Anchor, Stack, Table, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { displayTime } from "../../../shared/dates";
import { type EngagementItem, VENUE_LABELS } from "../../../shared/engagements";
import { useDisplayDate } from "../../ui/use-display-date";
import { engagementPath, useEngagementDisplay } from "../engagement-display";
import { EngagementStatusBadge } from "../engagement-status-badge";

const NONE = "—";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w={140}>
        {label}
      </Table.Th>
      <Table.Td style={{ overflowWrap: "anywhere" }}>{children}</Table.Td>
    </Table.Tr>
  );
}

/**
 * An engagement's chart fields, who attends (participants with accounts, guests without), the
 * meeting it follows up, and its postponement or cancellation: what every signed-in person may
 * read, in the details dialog and at the top of its page.
 */
export function EngagementFacts({ engagement }: { engagement: EngagementItem }) {
  const { t } = useTranslation(["engagements", "common"]);
  const displayDate = useDisplayDate();
  const { statusNote } = useEngagementDisplay();
  const note = statusNote(engagement);
  const participants = engagement.participants.map((participant) => participant.name);
  return (
    <Table variant="vertical" layout="fixed" withTableBorder fz="sm">
      <Table.Tbody>
        <Fact label={t("field.date")}>{displayDate(engagement.date)}</Fact>
        <Fact label={t("field.time")}>
          <bdi>{displayTime(engagement.time)}</bdi>
        </Fact>
        <Fact label={t("field.subject")}>{engagement.subject}</Fact>
        <Fact label={t("field.venue")}>{t(VENUE_LABELS[engagement.venue])}</Fact>
        <Fact label={t("field.inAttendance")}>{engagement.responsibility || NONE}</Fact>
        <Fact label={t("field.status")}>
          <Stack gap={4} align="flex-start">
            <EngagementStatusBadge status={engagement.status} />
            {note && <Text size="sm">{note}</Text>}
          </Stack>
        </Fact>
        <Fact label={t("field.participants")}>
          {participants.length > 0 ? participants.join(t("details.listSeparator")) : NONE}
        </Fact>
        <Fact label={t("field.guests")}>
          {engagement.guests.length > 0 ? engagement.guests.join(t("details.listSeparator")) : NONE}
        </Fact>
        <Fact label={t("field.followUpOf")}>
          {engagement.followUpOf ? (
            <Anchor component={Link} to={engagementPath(engagement.followUpOf.id)} inherit>
              {t("details.meetingOn", {
                subject: engagement.followUpOf.subject,
                date: displayDate(engagement.followUpOf.date),
              })}
            </Anchor>
          ) : (
            NONE
          )}
        </Fact>
      </Table.Tbody>
    </Table>
  );
}
