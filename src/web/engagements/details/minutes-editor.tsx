import "@mantine/tiptap/styles.css";
import { Button, Group, Stack, Text } from "@mantine/core";
import { Link, RichTextEditor, type RichTextEditorLabels } from "@mantine/tiptap";
import { useQueryClient } from "@tanstack/react-query";
import { generateJSON, generateText, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import i18next from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ENGAGEMENT_MESSAGES, minutesInput } from "../../../shared/engagements";
import { translateMessage } from "../../../shared/i18n/message";
import { useEditConflict } from "../../ui/forms/edit-conflict";
import { useSaveMinutes } from "../engagement-mutations";
import { engagementDetailOptions } from "../engagement-queries";
import classes from "./engagement-page.module.css";

/**
 * What the editor offers is what the server keeps: paragraphs, headings (the page's own title
 * is the first level), bold and italic, bullet and numbered lists, links and line breaks.
 */
const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3, 4] },
    blockquote: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    underline: false,
    // Mantine's Link below: the same extension, with Ctrl/Cmd+K opening its link box.
    link: false,
  }),
  Link.configure({ openOnClick: false }),
];

/** The toolbar's names and its link box, in the page's language. */
function useEditorLabels(): Partial<RichTextEditorLabels> {
  const { t } = useTranslation("engagements");
  return {
    boldControlLabel: t("minutes.editor.bold"),
    italicControlLabel: t("minutes.editor.italic"),
    h2ControlLabel: t("minutes.editor.heading2"),
    h3ControlLabel: t("minutes.editor.heading3"),
    h4ControlLabel: t("minutes.editor.heading4"),
    bulletListControlLabel: t("minutes.editor.bulletList"),
    orderedListControlLabel: t("minutes.editor.orderedList"),
    linkControlLabel: t("minutes.editor.link"),
    unlinkControlLabel: t("minutes.editor.unlink"),
    undoControlLabel: t("minutes.editor.undo"),
    redoControlLabel: t("minutes.editor.redo"),
    linkEditorInputLabel: t("minutes.editor.linkAddress"),
    linkEditorInputPlaceholder: t("minutes.editor.linkPlaceholder"),
    linkEditorExternalLink: t("minutes.editor.linkNewTab"),
    linkEditorInternalLink: t("minutes.editor.linkSameTab"),
    linkEditorSave: t("minutes.editor.linkSave"),
  };
}

/** The minutes' words, as "What you had typed" lists them: paragraphs apart, no markup. */
function textOf(html: string): string {
  return generateText(generateJSON(html, EXTENSIONS), EXTENSIONS, { blockSeparator: "\n\n" });
}

/** What the editor holds, and the minutes' version it was read from. */
type MinutesValues = { version: number; minutes: string };

/**
 * The admins' minutes: a rich-text editor (headings, lists, emphasis, links) whose HTML goes to
 * the server, which keeps a sanitised copy (PUT .../minutes), with the minutes' version the
 * editor was opened on. Another admin's save leaves the writing as it is and says so
 * (useEditConflict); loading the current minutes keeps what was written beside them. Loaded on
 * demand (minutes-section).
 */
export function MinutesEditor({
  engagementId,
  minutes,
  version: openedVersion,
}: {
  engagementId: string;
  /** The stored minutes when the section opened: the editor's first content. */
  minutes: string;
  version: number;
}) {
  const { t } = useTranslation(["engagements", "common"]);
  const labels = useEditorLabels();
  const queryClient = useQueryClient();
  const saveMinutes = useSaveMinutes(engagementId);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(openedVersion);
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: minutes,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": t("minutes.editorLabel"),
      },
    },
  });
  // An editor left empty holds one empty paragraph: that is no minutes at all.
  const written = () => (!editor || editor.isEmpty ? "" : editor.getHTML());

  function take(values: MinutesValues) {
    editor?.commands.setContent(values.minutes, { emitUpdate: false });
    setVersion(values.version);
  }

  const conflict = useEditConflict<MinutesValues>({
    entity: "engagement",
    id: engagementId,
    version,
    isSaving: saveMinutes.isPending,
    liveMessage: t(ENGAGEMENT_MESSAGES.minutesChangedLive),
    loadCurrent: async () => {
      const current = await queryClient.fetchQuery({
        ...engagementDetailOptions(engagementId),
        staleTime: 0,
      });
      // Only those who may read the record edit it: an admin always gets it.
      if (!current.record) throw new Error(t(ENGAGEMENT_MESSAGES.notFound));
      const values = { version: current.record.minutesVersion, minutes: current.record.minutes };
      return { version: values.version, values };
    },
    typed: () => ({ version, minutes: written() }),
    apply: take,
    describe: (values) => [{ label: t("minutes.title"), value: textOf(values.minutes) }],
  });

  function handleSave() {
    if (!editor) return;
    const parsed = minutesInput.safeParse({ minutes: written(), version });
    if (!parsed.success) {
      setError(translateMessage(i18next, parsed.error.issues[0]?.message ?? ""));
      return;
    }
    setError(null);
    saveMinutes.mutate(parsed.data, {
      // What the server kept (sanitised) is what the editor goes on from.
      onSuccess: (saved) => {
        if (saved.record)
          take({ version: saved.record.minutesVersion, minutes: saved.record.minutes });
      },
      onError: conflict.onSaveError,
    });
  }

  return (
    <Stack gap="sm">
      {conflict.notice}
      <RichTextEditor editor={editor} labels={labels} className={classes.editor}>
        <RichTextEditor.Toolbar sticky stickyOffset="var(--app-shell-header-offset, 0rem)">
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.H4 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
      <Group justify="flex-end">
        <Button loading={saveMinutes.isPending} onClick={handleSave}>
          {t("minutes.save")}
        </Button>
      </Group>
    </Stack>
  );
}
