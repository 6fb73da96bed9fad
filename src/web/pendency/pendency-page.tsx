import { Group, Select, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import {
  PENDENCY_SORTS,
  type PendencySort,
  pendencyState,
  SORT_DIRECTIONS,
  type SortDirection,
} from "../../shared/pendency";
import { useSignedInUser } from "../auth/session";
import { ExcelExportButton } from "../ui/list/excel-export-button";
import { useListState } from "../ui/list/use-list-state";
import { useDisplayDate } from "../ui/use-display-date";
import { ViewsMenu } from "../views/views-menu";
import { LIST_PATHS } from "./pendency-links";
import { usePendency } from "./pendency-queries";
import { PENDENCY_NAMESPACES, PendencyTable, SORT_LABELS } from "./pendency-table";
import { TrendChart } from "./trend-chart";

const DIRECTION_LABELS = {
  desc: "pendency:sort.desc",
  asc: "pendency:sort.asc",
} as const;

/**
 * /admin/pendency and /organization/pendency: who holds how much open work and for how long,
 * the department's sums on top; every figure opens the list it counts. The order lives in the
 * address bar, so a reload or a shared link shows the same table.
 */
export function PendencyPage() {
  const { t } = useTranslation(PENDENCY_NAMESPACES);
  const displayDate = useDisplayDate();
  const { role } = useSignedInUser();
  const paths = role === "admin" ? LIST_PATHS.admin : LIST_PATHS.organization_head;
  const { values, change } = useListState(pendencyState);
  const { data, isPending, isError, isPlaceholderData, refetch } = usePendency(values);
  const hasFailed = isError && !data;

  const sortOptions = PENDENCY_SORTS.map((value) => ({ value, label: t(SORT_LABELS[value]) }));
  const directionOptions = SORT_DIRECTIONS.map((value) => ({
    value,
    label: t(DIRECTION_LABELS[value]),
  }));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            {t("common:page.pendency")}
          </Title>
          {data && (
            <Text c="dimmed">
              {t("pendency:asOf", {
                date: displayDate(data.today),
                weekStart: displayDate(data.weekStart),
              })}
            </Text>
          )}
          {isPending && <Skeleton height={16} width={260} mt={6} />}
        </div>
        <Group gap="sm" align="flex-end">
          <Select
            label={t("pendency:sort.label")}
            data={sortOptions}
            value={values.sort}
            onChange={(sort) => change({ sort: (sort as PendencySort | null) ?? undefined })}
            allowDeselect={false}
            w={200}
          />
          <Select
            label={t("pendency:sort.direction")}
            data={directionOptions}
            value={values.dir}
            onChange={(dir) => change({ dir: (dir as SortDirection | null) ?? undefined })}
            allowDeselect={false}
            w={160}
          />
          <ViewsMenu lists="pendency" />
          <ExcelExportButton list="pendency" filters={values} isEmpty={!data} />
        </Group>
      </Group>
      <PendencyTable
        dashboard={data}
        paths={paths}
        isStale={isPlaceholderData}
        hasFailed={hasFailed}
        onRetry={() => void refetch()}
      />
      {!hasFailed && <TrendChart weeks={data?.trend} />}
    </Stack>
  );
}
