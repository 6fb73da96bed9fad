import { Button, Modal, Stack } from "@mantine/core";
import { useDisclosure, useWindowEvent } from "@mantine/hooks";
import { type FetchQueryOptions, type QueryKey, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { createPortal, flushSync } from "react-dom";
import { useTranslation } from "react-i18next";
import { todayIn } from "../../../shared/dates";
import { usePublicConfig } from "../../api/public-config";
import { PrintIcon } from "../../ui/action-icons";
import { DateField } from "../../ui/forms/date-field";
import { DIALOG_PROPS } from "../../ui/forms/dialog-props";
import { DialogSkeleton } from "../../ui/forms/dialog-skeleton";
import { FormActions } from "../../ui/forms/form-actions";
import { notifyError } from "../../ui/notify";

function PrintDayForm({
  today,
  isPreparing,
  onPrint,
  onCancel,
}: {
  today: string;
  isPreparing: boolean;
  onPrint: (day: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation("dak");
  const [day, setDay] = useState(today);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onPrint(day);
      }}
    >
      <Stack gap="md">
        <DateField label={t("field.day")} value={day} onChange={setDay} maxDate={today} />
        <FormActions
          submitLabel={t("action.print")}
          isSubmitting={isPreparing}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}

/**
 * Print Day's Register: a day is chosen (today in the office's time zone unless another is),
 * every entry of it the reader may read is fetched (not only the page on screen), and its
 * sheet goes into the document for the browser's print dialog. The sheet goes once printing is
 * over, so a later Ctrl+P prints the page as it is.
 */
export function PrintDayButton<Entries, Key extends QueryKey>({
  query,
  sheet,
}: {
  /** The day's entries, in the order the sheet prints them. */
  query: (day: string) => FetchQueryOptions<Entries, Error, Entries, Key>;
  sheet: (day: string, entries: Entries) => ReactNode;
}) {
  const { t } = useTranslation("dak");
  const queryClient = useQueryClient();
  const { data: config, isPending } = usePublicConfig();
  // The browser's zone stands in only if the server's settings could not be read.
  const timeZone = config?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const [isChoosing, dialog] = useDisclosure(false);
  const [isPreparing, setIsPreparing] = useState(false);
  const [printout, setPrintout] = useState<ReactNode>(null);
  useWindowEvent("afterprint", () => setPrintout(null));

  async function handlePrint(day: string) {
    setIsPreparing(true);
    try {
      // Fetched afresh: the register may have grown since the day's sheet was last printed.
      const entries = await queryClient.fetchQuery({ ...query(day), staleTime: 0 });
      // The sheet must be in the document, and the dialog out of the way, before the print
      // dialog takes its snapshot.
      flushSync(() => {
        setPrintout(sheet(day, entries));
        dialog.close();
      });
      window.print();
    } catch {
      notifyError("dak:register.fetchFailed");
    } finally {
      setIsPreparing(false);
    }
  }

  return (
    <>
      <Button variant="default" leftSection={<PrintIcon />} onClick={dialog.open}>
        {t("action.printDay")}
      </Button>
      <Modal
        opened={isChoosing}
        onClose={dialog.close}
        title={t("dialog.printDay")}
        {...DIALOG_PROPS}
      >
        {isPending ? (
          <DialogSkeleton height={120} />
        ) : (
          <PrintDayForm
            today={todayIn(timeZone)}
            isPreparing={isPreparing}
            onPrint={(day) => void handlePrint(day)}
            onCancel={dialog.close}
          />
        )}
      </Modal>
      {printout && createPortal(printout, document.body)}
    </>
  );
}
