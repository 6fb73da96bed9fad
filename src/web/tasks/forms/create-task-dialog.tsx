import { Button, Modal } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { DIALOG_PROPS } from "../../ui/forms/dialog-props";
import { CreateTaskForm } from "./create-task-form";

/** The Create New Task button and its dialog; the form starts afresh each time it opens. */
export function CreateTaskButton() {
  const { t } = useTranslation();
  const [isOpen, dialog] = useDisclosure(false);

  return (
    <>
      <Button onClick={dialog.open}>{t("page.createTask")}</Button>
      <Modal
        opened={isOpen}
        onClose={dialog.close}
        title={t("page.createTask")}
        size="lg"
        {...DIALOG_PROPS}
      >
        <CreateTaskForm onCreated={dialog.close} onCancel={dialog.close} />
      </Modal>
    </>
  );
}
