import "@mantine/tiptap/styles.css";
import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { Link, RichTextEditor, type RichTextEditorLabels } from "@mantine/tiptap";
import { useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import i18next from "i18next";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { minutesInput } from "../../../shared/engagements";
import { translateMessage } from "../../../shared/i18n/message";
import { useSaveMinutes } from "../engagement-mutations";
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

/**
 * The admins' minutes: a rich-text editor (headings, lists, emphasis, links) whose HTML goes to
 * the server, which keeps a sanitised copy (PUT .../minutes). Loaded on demand (minutes-section).
 */
export function MinutesEditor({
  engagementId,
  minutes,
}: {
  engagementId: string;
  minutes: string;
}) {
  const { t } = useTranslation("engagements");
  const labels = useEditorLabels();
  const saveMinutes = useSaveMinutes(engagementId);
  const [error, setError] = useState<string | null>(null);
  // Unsaved writing, and whether the stored minutes changed under it (another admin saved).
  const [isDirty, setDirty] = useState(false);
  const [isOverwritten, setOverwritten] = useState(false);
  const isSaving = useRef(false);
  // The stored minutes the editor last took in.
  const taken = useRef(minutes);
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: minutes,
    onUpdate: () => setDirty(true),
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": t("minutes.editorLabel"),
      },
    },
  });

  // New stored minutes (a save, this one's or another admin's, arriving live) replace what the
  // editor shows only when nothing unsaved would be lost; otherwise the writer is told, and
  // chooses between their text (Save replaces the other) and the stored one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the stored minutes change, reading the editor's state as it is then
  useEffect(() => {
    if (!editor || minutes === taken.current) return;
    taken.current = minutes;
    if (isDirty && !isSaving.current) {
      setOverwritten(true);
      return;
    }
    editor.commands.setContent(minutes, { emitUpdate: false });
    setDirty(false);
    setOverwritten(false);
  }, [editor, minutes]);

  function loadStored() {
    editor?.commands.setContent(minutes, { emitUpdate: false });
    setDirty(false);
    setOverwritten(false);
  }

  async function handleSave() {
    if (!editor) return;
    // An editor left empty holds one empty paragraph: that is no minutes at all.
    const parsed = minutesInput.safeParse({ minutes: editor.isEmpty ? "" : editor.getHTML() });
    if (!parsed.success) {
      setError(translateMessage(i18next, parsed.error.issues[0]?.message ?? ""));
      return;
    }
    setError(null);
    isSaving.current = true;
    try {
      if (await saveMinutes.attempt(parsed.data)) {
        setDirty(false);
        setOverwritten(false);
      }
    } finally {
      isSaving.current = false;
    }
  }

  return (
    <Stack gap="sm">
      {isOverwritten && (
        <Alert color="orange" title={t("minutes.changedElsewhere.title")}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t("minutes.changedElsewhere.text")}</Text>
            <Button size="xs" variant="default" onClick={loadStored}>
              {t("minutes.changedElsewhere.load")}
            </Button>
          </Stack>
        </Alert>
      )}
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
        <Button loading={saveMinutes.isPending} onClick={() => void handleSave()}>
          {t("minutes.save")}
        </Button>
      </Group>
    </Stack>
  );
}
