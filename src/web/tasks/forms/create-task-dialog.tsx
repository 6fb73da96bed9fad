import { Button, Modal } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { DIALOG_PROPS } from "../../ui/forms/dialog-props";
import { CreateTaskForm } from "./create-task-form";

/** The Create New Task button and its dialog; the form starts afresh each time it opens. */
export function CreateTaskButton() {
  const [isOpen, dialog] = useDisclosure(false);

  return (
    <>
      <Button onClick={dialog.open}>Create New Task</Button>
      <Modal
        opened={isOpen}
        onClose={dialog.close}
        title="Create New Task"
        size="lg"
        {...DIALOG_PROPS}
      >
        <CreateTaskForm onCreated={dialog.close} onCancel={dialog.close} />
      </Modal>
    </>
  );
}
