import { Skeleton, Text, Typography } from "@mantine/core";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import classes from "./engagement-page.module.css";
import { RecordSection, type RecordSectionProps } from "./record-section";

// The editor (tiptap and its ProseMirror) is the largest part of this page: it loads only for
// an admin who opens the Minutes section.
const MinutesEditor = lazy(() =>
  import("./minutes-editor").then((module) => ({ default: module.MinutesEditor })),
);

/** The minutes as stored: the server's sanitised HTML, or a line saying there are none. */
export function MinutesView({ minutes }: { minutes: string }) {
  const { t } = useTranslation("engagements");
  if (!minutes.trim()) return <Text c="dimmed">{t("minutes.empty")}</Text>;
  return (
    <Typography className={classes.minutes}>
      {/* The only HTML the app renders as HTML: the minutes exactly as the server sent them.
          The server sanitised them when they were saved (headings, lists, emphasis and links
          only; scripts and event handlers refused), and nothing else is ever put here. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised minutes, see above */}
      <div dir="auto" dangerouslySetInnerHTML={{ __html: minutes }} />
    </Typography>
  );
}

/** The Minutes section: an editor for admins, the stored minutes for everyone else. */
export function MinutesSection({ engagement, record }: RecordSectionProps) {
  const { t } = useTranslation("engagements");
  return (
    <RecordSection title={t("minutes.title")}>
      {engagement.can.record ? (
        <Suspense fallback={<Skeleton height={240} />}>
          <MinutesEditor
            engagementId={engagement.id}
            minutes={record.minutes}
            version={record.minutesVersion}
          />
        </Suspense>
      ) : (
        <MinutesView minutes={record.minutes} />
      )}
    </RecordSection>
  );
}
