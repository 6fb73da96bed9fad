import { Alert, Anchor, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { usePublicConfig } from "../api/public-config";

/**
 * Said before anyone tries to sign in: a page opened at an address the server does not take
 * changes from (not APP_URL's, not a trusted origin) could never sign in, so it points to
 * the right one at once instead of after a failed attempt.
 */
export function OpenedElsewhereNotice() {
  const { t } = useTranslation("auth");
  const { data } = usePublicConfig();
  const openedAt = window.location.origin;
  if (!data || data.appOrigins.includes(openedAt)) return null;
  return (
    <Alert color="yellow" title={t("openedElsewhere.title")}>
      <Text inherit>{t("openedElsewhere.text", { openedAt })}</Text>
      <Anchor href={`${data.appUrl}/auth`} inherit fw={500} dir="ltr">
        {data.appUrl}
      </Anchor>
    </Alert>
  );
}
