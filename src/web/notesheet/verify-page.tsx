import { Alert, Button, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { MISMATCH_REASON_LABELS, type NoteSheetVerification } from "../../shared/notesheet";
import { errorMessage, hasStatus, isClientError } from "../api/errors";
import { LoadFailed } from "../ui/load-failed";
import { useDisplayInstant } from "../ui/use-display-date";
import { useVerification } from "./notesheet-queries";
import { ParagraphList } from "./paragraph-list";

function Outcome({ verification }: { verification: NoteSheetVerification }) {
  const { t } = useTranslation(["notesheet"]);
  const displayInstant = useDisplayInstant();
  const { matches, reason, position, recordedAt, heading } = verification;
  return (
    <Stack gap="md">
      <Alert
        color={matches ? "green" : "red"}
        title={matches ? t("verify.matches") : t("verify.differs")}
      >
        {reason && t(MISMATCH_REASON_LABELS[reason], { position })}
      </Alert>
      {heading && recordedAt && (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              <bdi>{heading.subject}</bdi>
            </Title>
            <Text size="sm">
              {t("verify.recorded", { position, ...displayInstant(recordedAt) })}
            </Text>
            <ParagraphList paragraphs={verification.paragraphs} />
            <Button
              component={Link}
              to={`/task/${heading.taskId}`}
              variant="default"
              w="fit-content"
            >
              {t("action.openTask")}
            </Button>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

/**
 * /verify/:code, where a note sheet's QR code leads: whether the printout matches the audit
 * trail, why not, and the paragraphs as recorded to hold the paper against.
 */
export function VerifyPage() {
  const { t } = useTranslation(["notesheet"]);
  const { code = "" } = useParams();
  const { data, error, refetch } = useVerification(code);

  let body: ReactNode;
  if (data) body = <Outcome verification={data} />;
  else if (hasStatus(error, 404)) body = <Text>{t("verify.notFound")}</Text>;
  // A code that is not one (cut off, mistyped): the server names the mistake.
  else if (isClientError(error))
    body = (
      <Alert color="red" title={t("verify.differs")}>
        {errorMessage(error, t("verify.loadFailed"))}
      </Alert>
    );
  else if (error)
    body = <LoadFailed message={t("verify.loadFailed")} onRetry={() => void refetch()} />;
  else body = <Skeleton height={240} aria-busy="true" />;

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t("verify.title")}
      </Title>
      {body}
    </Stack>
  );
}
