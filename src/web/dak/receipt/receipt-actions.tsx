import { Button, Group } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import type { ReceiptItem } from "../../../shared/dak";
import { AmendDialog } from "./amend-dialog";
import { CloseDialog } from "./close-dialog";
import { LinkDialog } from "./link-dialog";
import { MarkDialog } from "./mark-dialog";

/** What may be done to the receipt, as the server says (`receipt.can`), each in a dialog. */
export function ReceiptActions({ receipt }: { receipt: ReceiptItem }) {
  const { t } = useTranslation("dak");
  const [isMarking, marking] = useDisclosure(false);
  const [isLinking, linking] = useDisclosure(false);
  const [isClosing, closing] = useDisclosure(false);
  const [isAmending, amending] = useDisclosure(false);
  const { can } = receipt;
  if (!can.mark && !can.link && !can.close && !can.amend) return null;
  return (
    <Group gap="sm">
      {can.mark && <Button onClick={marking.open}>{t("action.mark")}</Button>}
      {can.link && (
        <Button variant="default" onClick={linking.open}>
          {t("action.link")}
        </Button>
      )}
      {can.amend && (
        <Button variant="default" onClick={amending.open}>
          {t("action.amend")}
        </Button>
      )}
      {can.close && (
        <Button variant="default" color="red" onClick={closing.open}>
          {t("action.close")}
        </Button>
      )}
      <MarkDialog receipt={receipt} opened={isMarking} onClose={marking.close} />
      <LinkDialog receipt={receipt} opened={isLinking} onClose={linking.close} />
      <CloseDialog receipt={receipt} opened={isClosing} onClose={closing.close} />
      <AmendDialog receipt={receipt} opened={isAmending} onClose={amending.close} />
    </Group>
  );
}
