import { Button, Skeleton, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { hasStatus } from "../../api/errors";
import { LoadFailed } from "../../ui/load-failed";
import { DIARY_PATH } from "../dak-display";
import { useReceipt } from "../dak-queries";
import { ReceiptActions } from "./receipt-actions";
import { ReceiptFacts } from "./receipt-facts";

function BackToRegister() {
  const { t } = useTranslation("dak");
  return (
    <Button component={Link} to={DIARY_PATH} variant="default" w="fit-content">
      {t("receipt.backToRegister")}
    </Button>
  );
}

/**
 * /dak/receipt/:id: a receipt as diarised, its scans, its task, and what may be done to it.
 * One the reader may not read is answered with 404 by the server, shown as not found.
 */
export function ReceiptPage() {
  const { t } = useTranslation(["dak", "common"]);
  const { id = "" } = useParams();
  const { data: receipt, error, isPending, refetch } = useReceipt(id);

  let body: ReactNode;
  if (hasStatus(error, 404) || hasStatus(error, 400)) {
    body = (
      <>
        <Title order={2} size="h3">
          {t("error.receiptNotFound")}
        </Title>
        <Text c="dimmed">{t("receipt.notFound")}</Text>
      </>
    );
  } else if (receipt) {
    body = (
      <>
        <ReceiptActions receipt={receipt} />
        <ReceiptFacts receipt={receipt} />
      </>
    );
  } else if (isPending) {
    body = <Skeleton height={320} />;
  } else {
    body = <LoadFailed message={t("register.fetchFailed")} onRetry={() => void refetch()} />;
  }

  return (
    <Stack gap="md">
      <BackToRegister />
      <Title order={1} size="h2">
        {t("common:page.receiptDetails")}
      </Title>
      {body}
    </Stack>
  );
}
