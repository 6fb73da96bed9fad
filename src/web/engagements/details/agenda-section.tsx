import { ActionIcon, Box, Button, Group, List, Paper, Stack, Text, TextInput } from "@mantine/core";
import { randomId } from "@mantine/hooks";
import { useQueryClient } from "@tanstack/react-query";
import i18next from "i18next";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type AgendaItem,
  agendaInput,
  ENGAGEMENT_MESSAGES,
  MAX_AGENDA_ITEMS,
} from "../../../shared/engagements";
import { translateMessage } from "../../../shared/i18n/message";
import { DeleteIcon } from "../../ui/action-icons";
import { useEditConflict } from "../../ui/forms/edit-conflict";
import { Icon } from "../../ui/icons";
import { useSaveAgenda } from "../engagement-mutations";
import { engagementDetailOptions } from "../engagement-queries";
import { PreviousDecisions } from "./previous-decisions";
import { RecordSection, type RecordSectionProps } from "./record-section";

type Row = { key: string; id?: string; title: string; presenter: string };
type RowErrors = Partial<Record<"title" | "presenter", string>>;

function ArrowIcon({ direction }: { direction: "up" | "down" }) {
  return (
    <Icon size={18}>
      <path d={direction === "up" ? "M12 19V5M6 11l6-6 6 6" : "M12 5v14M6 13l6 6 6-6"} />
    </Icon>
  );
}

function byPosition(agenda: AgendaItem[]): AgendaItem[] {
  return [...agenda].sort((a, b) => a.position - b.position);
}

/** The editor's rows for a stored agenda, in order; each keeps its item's id. */
function rowsOf(agenda: AgendaItem[]): Row[] {
  return byPosition(agenda).map(({ id, title, presenter }) => ({ key: id, id, title, presenter }));
}

/** What the editor holds: its rows, and the agenda's version they were read from. */
type AgendaValues = { version: number; rows: Row[] };

/** The agenda as readers see it: numbered items, each with its presenter. */
export function AgendaList({ agenda }: { agenda: AgendaItem[] }) {
  const { t } = useTranslation("engagements");
  if (agenda.length === 0) return <Text c="dimmed">{t("agenda.empty")}</Text>;
  return (
    <List type="ordered" spacing="xs" aria-label={t("agenda.title")}>
      {byPosition(agenda).map((item) => (
        <List.Item key={item.id}>
          <Text fw={500} style={{ overflowWrap: "anywhere" }}>
            {item.title}
          </Text>
          {item.presenter && (
            <Text c="dimmed" size="sm" style={{ overflowWrap: "anywhere" }}>
              {t("agenda.presentedBy", { presenter: item.presenter })}
            </Text>
          )}
        </List.Item>
      ))}
    </List>
  );
}

/**
 * The admins' agenda: items added, removed and moved up or down, saved together (PUT
 * .../agenda) with the agenda's version it was opened on. An item keeps its id, and so the
 * decisions taken on it, when it moves. Another admin's save leaves the rows as typed and says
 * so (useEditConflict); only this editor's own save, or loading the current agenda, replaces them.
 */
function AgendaEditor({
  engagementId,
  agenda,
  version: openedVersion,
}: {
  engagementId: string;
  agenda: AgendaItem[];
  version: number;
}) {
  const { t } = useTranslation(["engagements", "common"]);
  const queryClient = useQueryClient();
  const saveAgenda = useSaveAgenda(engagementId);
  const [rows, setRows] = useState<Row[]>(() => rowsOf(agenda));
  const [version, setVersion] = useState(openedVersion);
  const [errors, setErrors] = useState<Record<string, RowErrors>>({});
  const [listError, setListError] = useState<string | null>(null);
  const conflict = useEditConflict<AgendaValues>({
    entity: "engagement",
    id: engagementId,
    version,
    isSaving: saveAgenda.isPending,
    liveMessage: t(ENGAGEMENT_MESSAGES.agendaChangedLive),
    loadCurrent: async () => {
      const current = await queryClient.fetchQuery({
        ...engagementDetailOptions(engagementId),
        staleTime: 0,
      });
      // Only those who may read the record edit it: an admin always gets it.
      if (!current.record) throw new Error(t(ENGAGEMENT_MESSAGES.notFound));
      const values = { version: current.record.agendaVersion, rows: rowsOf(current.record.agenda) };
      return { version: values.version, values };
    },
    typed: () => ({ version, rows }),
    apply: (current) => {
      setRows(current.rows);
      setVersion(current.version);
      setErrors({});
      setListError(null);
    },
    describe: (values) =>
      values.rows.flatMap((row, index) => [
        { label: t("agenda.itemLabel", { number: index + 1 }), value: row.title },
        { label: t("agenda.presenterLabel", { number: index + 1 }), value: row.presenter },
      ]),
  });

  function update(key: string, change: Partial<Row>) {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
  }

  function move(index: number, by: -1 | 1) {
    setRows((current) => {
      const next = [...current];
      const [row] = next.splice(index, 1);
      next.splice(index + by, 0, row);
      return next;
    });
  }

  function handleAdd() {
    setRows((current) => [...current, { key: randomId(), title: "", presenter: "" }]);
  }

  function handleSave(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const items = rows.map(({ id, title, presenter }) => ({ id, title, presenter }));
    const parsed = agendaInput.safeParse({ items, version });
    if (!parsed.success) {
      const found: Record<string, RowErrors> = {};
      let general: string | null = null;
      for (const issue of parsed.error.issues) {
        const text = translateMessage(i18next, issue.message);
        const [, index, field] = issue.path;
        const row = typeof index === "number" ? rows[index] : undefined;
        if (row && (field === "title" || field === "presenter")) {
          found[row.key] = { ...found[row.key], [field]: text };
        } else general ??= text;
      }
      setErrors(found);
      setListError(general);
      return;
    }
    setErrors({});
    setListError(null);
    saveAgenda.mutate(parsed.data, {
      // The editor starts again from what is stored now: the server's ids for new items.
      onSuccess: (saved) => {
        if (!saved.record) return;
        setRows(rowsOf(saved.record.agenda));
        setVersion(saved.record.agendaVersion);
      },
      onError: conflict.onSaveError,
    });
  }

  return (
    <form onSubmit={handleSave} noValidate>
      <Stack gap="sm">
        {conflict.notice}
        {rows.length === 0 && <Text c="dimmed">{t("agenda.empty")}</Text>}
        <Box component="ol" m={0} p={0} style={{ listStyle: "none", display: "grid", gap: 8 }}>
          {rows.map((row, index) => {
            const number = index + 1;
            return (
              <Paper key={row.key} component="li" withBorder p="sm">
                <Group align="flex-start" gap="sm" wrap="wrap">
                  <Text fw={600} mt={28} w="1.5rem" aria-hidden>
                    {t("agenda.number", { number })}
                  </Text>
                  <TextInput
                    label={t("agenda.itemLabel", { number })}
                    value={row.title}
                    onChange={(event) => update(row.key, { title: event.currentTarget.value })}
                    error={errors[row.key]?.title}
                    withAsterisk
                    autoComplete="off"
                    maxLength={500}
                    style={{ flex: "1 1 16rem" }}
                  />
                  <TextInput
                    label={t("agenda.presenterLabel", { number })}
                    value={row.presenter}
                    onChange={(event) => update(row.key, { presenter: event.currentTarget.value })}
                    error={errors[row.key]?.presenter}
                    autoComplete="off"
                    maxLength={200}
                    style={{ flex: "1 1 10rem" }}
                  />
                  <Group gap={4} mt={{ base: 0, xs: 26 }} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={t("agenda.moveUp", { number })}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      <ArrowIcon direction="up" />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={t("agenda.moveDown", { number })}
                      disabled={index === rows.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      <ArrowIcon direction="down" />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t("agenda.remove", { number })}
                      onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))}
                    >
                      <DeleteIcon />
                    </ActionIcon>
                  </Group>
                </Group>
              </Paper>
            );
          })}
        </Box>
        {listError && (
          <Text c="red" size="sm" role="alert">
            {listError}
          </Text>
        )}
        <Group justify="space-between">
          <Button variant="default" onClick={handleAdd} disabled={rows.length >= MAX_AGENDA_ITEMS}>
            {t("agenda.add")}
          </Button>
          <Button type="submit" loading={saveAgenda.isPending}>
            {t("agenda.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The Agenda section: for a follow-up, the previous meeting's decisions and where they stand,
 * then this meeting's items (an editor for admins).
 */
export function AgendaSection({ engagement, record }: RecordSectionProps) {
  const { t } = useTranslation("engagements");
  return (
    <Stack gap="lg">
      {record.previous && <PreviousDecisions previous={record.previous} />}
      <RecordSection title={t("agenda.title")}>
        {engagement.can.record ? (
          <AgendaEditor
            // Opened once per engagement: a save by someone else must not replace what is typed.
            key={engagement.id}
            engagementId={engagement.id}
            agenda={record.agenda}
            version={record.agendaVersion}
          />
        ) : (
          <AgendaList agenda={record.agenda} />
        )}
      </RecordSection>
    </Stack>
  );
}
