import { Button } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { ExportList } from "../../../shared/exports";
import { Icon } from "../icons";

/** A sheet with a header row, drawn as the other line icons are. */
function SpreadsheetIcon() {
  return (
    <Icon size={18}>
      <rect x={4} y={3} width={16} height={18} rx={2} />
      <path d="M4 9h16M4 15h16M10 3v18" />
    </Icon>
  );
}

/** The address of a list's .xlsx: its filters as on screen, without the page. */
export function excelExportHref(
  list: ExportList,
  filters: Record<string, string | number | undefined> = {},
): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (key !== "page" && value !== undefined && value !== "") query.set(key, String(value));
  }
  return query.size ? `/api/exports/${list}?${query}` : `/api/exports/${list}`;
}

/**
 * "Export Excel": downloads every row the list's filters match (not just the page on screen),
 * written by the server as it reads them; a plain link, as the session cookie goes with it.
 */
export function ExcelExportButton({
  list,
  filters,
  isEmpty = false,
}: {
  list: ExportList;
  filters?: Record<string, string | number | undefined>;
  /** The list shows no rows: nothing to export. */
  isEmpty?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Button
      component="a"
      href={excelExportHref(list, filters)}
      download
      variant="default"
      leftSection={<SpreadsheetIcon />}
      disabled={isEmpty}
    >
      {t("action.exportExcel")}
    </Button>
  );
}
