import { Anchor, Stack, Text, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { DakFileLink } from "../../../shared/dak";

/** A register's file (a scan, a letter's copy), opened in a new tab through its signed link. */
export function DakFileAnchor({ file, label }: { file: DakFileLink; label?: string }) {
  const { t } = useTranslation("dak");
  return (
    <Anchor href={file.url} target="_blank" rel="noopener noreferrer" size="sm">
      <bdi>{label ?? file.fileName}</bdi>
      <VisuallyHidden> {t("file.opensInNewTab")}</VisuallyHidden>
    </Anchor>
  );
}

/** A receipt's scanned pages, in order, each a link; a line saying so when there are none. */
export function ScanLinks({ scans }: { scans: DakFileLink[] }) {
  const { t } = useTranslation("dak");
  if (scans.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t("receipt.noScans")}
      </Text>
    );
  }
  return (
    <Stack gap={2} align="flex-start">
      {scans.map((scan, index) => (
        <DakFileAnchor
          key={scan.url}
          file={scan}
          label={t("receipt.scanPage", { page: index + 1, name: scan.fileName })}
        />
      ))}
    </Stack>
  );
}
