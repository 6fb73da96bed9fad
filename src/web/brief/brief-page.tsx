import { Button, Group, Paper, Skeleton, Stack, Title } from "@mantine/core";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import { briefPageState } from "../../shared/brief";
import { PrintIcon } from "../ui/action-icons";
import { DateField } from "../ui/forms/date-field";
import { useListState } from "../ui/list/use-list-state";
import { LoadFailed } from "../ui/load-failed";
import classes from "./brief.module.css";
import { useBrief } from "./brief-queries";
import { BRIEF_NAMESPACES, BriefSheet } from "./brief-sheet";

/**
 * /admin/brief and /organization/brief: the Secretary's Daily Brief of a day (today unless
 * one is chosen; the day is in the address), shown as it prints. The printed copy stays in
 * the document while the page is open, so Print and the browser's own Ctrl+P print the same
 * single A4 sheet.
 */
export function BriefPage() {
  const { t } = useTranslation(BRIEF_NAMESPACES);
  const { values, change } = useListState(briefPageState);
  const { data, isPending, isError, refetch } = useBrief(values.date);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1}>{t("common:page.brief")}</Title>
        <Group align="flex-end" gap="sm">
          <DateField
            label={t("field.date")}
            value={values.date ?? data?.date ?? ""}
            onChange={(date) => change({ date: date || undefined })}
            w={{ base: "100%", xs: 190 }}
          />
          <Button
            variant="default"
            leftSection={<PrintIcon />}
            disabled={!data}
            onClick={() => window.print()}
          >
            {t("print")}
          </Button>
        </Group>
      </Group>
      {isPending ? (
        <Skeleton height={600} />
      ) : isError ? (
        <LoadFailed message={t("loadFailed")} onRetry={() => void refetch()} />
      ) : (
        <>
          <Paper withBorder p="xl" maw="210mm">
            <BriefSheet brief={data} />
          </Paper>
          {createPortal(
            <div className={classes.printArea}>
              <BriefSheet brief={data} />
            </div>,
            document.body,
          )}
        </>
      )}
    </Stack>
  );
}
