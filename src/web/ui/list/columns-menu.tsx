import { Button, Menu } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { translateMessage } from "../../../shared/i18n/message";
import { ColumnsIcon } from "../icons";

type ColumnsMenuProps<Name extends string> = {
  /** The columns a person may show or hide; `label` is a catalog key, as a column's header. */
  columns: readonly { name: Name; label: string }[];
  shown: readonly Name[];
  onChange: (shown: Name[]) => void;
};

/**
 * A list's Columns menu: a checkbox for each optional column. It stays open while boxes are
 * ticked, so several can be chosen at once; what is shown lives with the list's state
 * (shown-columns.ts).
 */
export function ColumnsMenu<Name extends string>({
  columns,
  shown,
  onChange,
}: ColumnsMenuProps<Name>) {
  const { t, i18n } = useTranslation();
  const isOffered = (value: string): value is Name => columns.some(({ name }) => name === value);
  return (
    <Menu position="bottom-end" shadow="md">
      <Menu.Target>
        <Button variant="default" leftSection={<ColumnsIcon />}>
          {t("column.menu")}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.CheckboxGroup
          value={[...shown]}
          onChange={(values) => onChange(values.filter(isOffered))}
        >
          {columns.map(({ name, label }) => (
            <Menu.CheckboxItem key={name} value={name}>
              {translateMessage(i18n, label)}
            </Menu.CheckboxItem>
          ))}
        </Menu.CheckboxGroup>
      </Menu.Dropdown>
    </Menu>
  );
}
