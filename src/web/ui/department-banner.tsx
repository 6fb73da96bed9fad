import { Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

function Emblem() {
  return (
    <svg width={40} height={40} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <circle cx={24} cy={24} r={23} fill="var(--mantine-primary-color-filled)" />
      <circle cx={24} cy={24} r={19} fill="none" stroke="#fff" strokeWidth={1.2} />
      <path
        d="M24 11l1.6 3.4 3.7.4-2.8 2.5.8 3.6-3.3-1.9-3.3 1.9.8-3.6-2.8-2.5 3.7-.4z"
        fill="#fff"
      />
      <path
        d="M12 24.5c4-1.6 8-1.6 12 .8 4-2.4 8-2.4 12-.8v10c-4-1.6-8-1.6-12 .8-4-2.4-8-2.4-12-.8z"
        fill="#fff"
      />
      <path d="M24 25.3v10" stroke="var(--mantine-primary-color-filled)" strokeWidth={1.2} />
    </svg>
  );
}

/** The department's banner: an emblem of our own and the office's name. */
export function DepartmentBanner({ hideTextOnPhones = false }: { hideTextOnPhones?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <Emblem />
      {/* Tight lines, except in Urdu, whose Nastaliq needs room (web/i18n/urdu.css). */}
      <Stack gap={0} visibleFrom={hideTextOnPhones ? "xs" : undefined}>
        <Text fw={700} size="sm" lh="var(--banner-line-height, 1.2)">
          {t("banner.department")}
        </Text>
        <Text size="xs" c="dimmed" lh="var(--banner-line-height, 1.2)">
          {t("banner.office")}
        </Text>
      </Stack>
    </Group>
  );
}
