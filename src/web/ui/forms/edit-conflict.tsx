import { Alert, Button, Group, List, Text } from "@mantine/core";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { LiveEvent } from "../../../shared/live";
import { errorMessage, isEditConflict } from "../../api/errors";
import { useLiveChange } from "../../api/live-changes";
import { notifyError } from "../notify";

/** One field of the form as the person typed it, worded for reading ("Due Date: Dec 05, 2026"). */
export type TypedField = { label: string; value: string };

type EditConflictOptions<Values> = {
  /**
   * The record, where its kind is on the live stream (shared/live.ts); a form for a kind that
   * is not learns of a change made meanwhile from a refused save alone.
   */
  entity?: LiveEvent["entity"];
  id?: string;
  /** The version the form's values are of: the opened record's, then the loaded one's. */
  version: number;
  /** Whether a save is out: the live stream reports one's own save too. */
  isSaving: boolean;
  /** The record as stored now, read afresh. */
  loadCurrent: () => Promise<{ version: number; values: Values }>;
  /** What the form holds now, and how to put the current values (and version) into it. */
  typed: () => Values;
  apply: (values: Values) => void;
  /** Each field of a set of values, in the form's order, worded for reading. */
  describe: (values: Values) => TypedField[];
  /** The notice when the record changes under the open form. */
  liveMessage: string;
};

/**
 * Keeps an edit form honest about the record under it (shared/versions.ts). A save refused
 * because the record changed after the form opened (409 CONFLICT), or a change to the record
 * seen on the live stream while the form is open, shows a notice offering the current values.
 * Loading them puts them in the form and keeps what the person had typed on screen beside
 * them, field by field where the two differ: nothing typed is thrown away without their say.
 *
 * Send `version` with the save and hand its error to `onSaveError`.
 */
export function useEditConflict<Values>(options: EditConflictOptions<Values>) {
  const [notice, setNotice] = useState<string | null>(null);
  const [yours, setYours] = useState<TypedField[] | null>(null);
  const [isLoading, setIsLoading] = useState(false);
  // Read when a reload answers, renders later than the change that asked for it.
  const latest = useRef(options);
  latest.current = options;

  useLiveChange((event) => {
    if (!options.entity || event.entity !== options.entity || event.id !== options.id) return;
    if (options.isSaving) return;
    // Some changes reach the record's page without touching the record (a reply in its thread).
    void options.loadCurrent().then(
      (current) => {
        if (current.version !== latest.current.version && !latest.current.isSaving)
          setNotice((shown) => shown ?? options.liveMessage);
      },
      () => {},
    );
  });

  async function loadCurrentValues() {
    setIsLoading(true);
    try {
      const typed = options.typed();
      const current = await options.loadCurrent();
      const now = options.describe(current.values);
      setYours(options.describe(typed).filter((field, index) => field.value !== now[index]?.value));
      options.apply(current.values);
      setNotice(null);
    } finally {
      setIsLoading(false);
    }
  }

  return {
    /**
     * A stale save is shown in the form. Other refusals answer 409 CONFLICT too (an e-mail in
     * use, a name or date taken), so a 409 counts as stale only when the record has moved on
     * since the form's version; any other is a toast, as other failures are the mutation's.
     */
    onSaveError(error: unknown) {
      if (!isEditConflict(error)) return;
      void options
        .loadCurrent()
        .then(
          (current) => current.version !== latest.current.version,
          () => false,
        )
        .then((isStale) => {
          if (isStale) setNotice(errorMessage(error, options.liveMessage));
          else notifyError(errorMessage(error, "common:error.unexpected"));
        });
    },
    notice: (
      <EditConflictNotice
        notice={notice}
        yours={yours}
        isLoading={isLoading}
        onLoadCurrent={() => void loadCurrentValues()}
        onDismiss={() => setYours(null)}
      />
    ),
  };
}

type EditConflictNoticeProps = {
  notice: string | null;
  yours: TypedField[] | null;
  isLoading: boolean;
  onLoadCurrent: () => void;
  onDismiss: () => void;
};

function EditConflictNotice({
  notice,
  yours,
  isLoading,
  onLoadCurrent,
  onDismiss,
}: EditConflictNoticeProps) {
  const { t } = useTranslation("common");
  if (notice) {
    return (
      <Alert color="orange" title={t("conflict.title")} role="alert">
        <Text size="sm">{notice}</Text>
        <Button mt="sm" size="xs" variant="default" loading={isLoading} onClick={onLoadCurrent}>
          {t("conflict.loadCurrent")}
        </Button>
      </Alert>
    );
  }
  if (!yours) return null;
  return (
    <Alert color="blue" title={t("conflict.yours")} role="status">
      <Text size="sm">{t("conflict.loaded")}</Text>
      {yours.length > 0 && (
        <List size="sm" mt="xs" spacing={2}>
          {yours.map((field) => (
            <List.Item key={field.label}>
              <Text span fw={600} size="sm">
                {field.label}:
              </Text>{" "}
              <Text span size="sm" style={{ whiteSpace: "pre-wrap" }}>
                {field.value}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
      <Group mt="sm">
        <Button size="xs" variant="subtle" onClick={onDismiss}>
          {t("conflict.dismiss")}
        </Button>
      </Group>
    </Alert>
  );
}
