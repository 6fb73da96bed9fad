import {
  CloseButton,
  Input,
  InputBase,
  type InputBaseProps,
  Popover,
  Stack,
  TextInput,
} from "@mantine/core";
import { DatePicker } from "@mantine/dates";
import {
  type FocusEvent,
  type FocusEventHandler,
  type KeyboardEvent,
  useId,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { parseTypedDate } from "../../../shared/dates";
import { useDisplayDate } from "../use-display-date";
import classes from "./date-field.module.css";

type DateFieldProps = Pick<InputBaseProps, "description" | "error" | "withAsterisk" | "w"> & {
  /** Names the field, its calendar and its clear button. */
  label: string;
  /** A calendar date as yyyy-MM-dd; empty when none is chosen. */
  value?: string;
  onChange: (value: string) => void;
  placeholder?: string;
  clearable?: boolean;
  /** The first and last days the calendar offers, yyyy-MM-dd. */
  minDate?: string;
  maxDate?: string;
  id?: string;
  onFocus?: FocusEventHandler<HTMLButtonElement>;
  onBlur?: FocusEventHandler<HTMLButtonElement>;
  "data-autofocus"?: boolean;
};

/** A key that types a character, not a shortcut; Space stays the button's own key. */
function isTypedCharacter(event: KeyboardEvent) {
  return (
    event.key.length === 1 && event.key !== " " && !event.ctrlKey && !event.metaKey && !event.altKey
  );
}

// Mantine's Modal closes on Escape unless the focused element carries this attribute; inside
// the calendar, Escape closes the calendar alone and leaves the dialog holding the form open.
function keepEscapeInCalendar(event: FocusEvent<HTMLElement>) {
  event.target.setAttribute("data-mantine-stop-propagation", "true");
}

/**
 * A date field holding plain yyyy-MM-dd strings (empty for none), as our forms, filters and API
 * do, and showing dates as 'MMM dd, yyyy' (SPEC.md). The field is a button opening a calendar
 * that the keyboard can walk; a date can also be typed (22/11/2026, 2026-11-22, Nov 22, 2026) in
 * the box above the calendar, or straight onto the field, which opens the calendar with it.
 */
export function DateField({
  value,
  onChange,
  label,
  id,
  placeholder,
  clearable = false,
  minDate,
  maxDate,
  ...fieldProps
}: DateFieldProps) {
  const { t } = useTranslation();
  const displayDate = useDisplayDate();
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const [isOpen, setIsOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [typedError, setTypedError] = useState<string | null>(null);

  // Mantine leaves the calendar's arrow and level buttons unnamed.
  const ariaLabels = {
    previousMonth: t("calendar.previousMonth"),
    nextMonth: t("calendar.nextMonth"),
    previousYear: t("calendar.previousYear"),
    nextYear: t("calendar.nextYear"),
    previousDecade: t("calendar.previousDecade"),
    nextDecade: t("calendar.nextDecade"),
    monthLevelControl: t("calendar.chooseMonth"),
    yearLevelControl: t("calendar.chooseYear"),
  };

  function open(text: string) {
    setTyped(text);
    setTypedError(null);
    setIsOpen(true);
  }

  function choose(day: string) {
    onChange(day);
    setIsOpen(false);
  }

  function chooseTyped() {
    const day = parseTypedDate(typed);
    if (day) choose(day);
    else setTypedError(t("date.typedInvalid"));
  }

  function handleFieldKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    // Keys typed before focus reaches the box above the calendar still belong to the date, the
    // Enter that ends them too: on the field's button it would close the calendar unchosen.
    if (isOpen && event.key === "Enter" && typed) {
      event.preventDefault();
      chooseTyped();
      return;
    }
    if (!isTypedCharacter(event)) return;
    event.preventDefault();
    if (isOpen) setTyped((text) => text + event.key);
    else open(event.key);
  }

  function handleTypedKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "Enter") return;
    event.preventDefault();
    chooseTyped();
  }

  return (
    <Popover
      // The popover names its target with this id: the field keeps the id its label points at.
      id={inputId}
      opened={isOpen}
      onChange={setIsOpen}
      position="bottom-start"
      // Low on a short screen, the calendar slides up over the field rather than below the
      // screen's edge, where a dialog's locked page cannot scroll to it.
      middlewares={{ flip: true, shift: { crossAxis: true, padding: 8 } }}
      trapFocus
      // Focus goes back to the field once a day is chosen or the calendar is closed, so it
      // stays in the form (and in a dialog holding it).
      returnFocus
    >
      <Popover.Target>
        <InputBase
          component="button"
          type="button"
          id={inputId}
          label={label}
          pointer
          multiline
          classNames={{ input: classes.field }}
          onClick={() => (isOpen ? setIsOpen(false) : open(""))}
          onKeyDown={handleFieldKeyDown}
          rightSectionPointerEvents="all"
          rightSection={
            clearable && value ? (
              <CloseButton
                size="sm"
                aria-label={t("action.clearField", { field: label })}
                onClick={() => choose("")}
              />
            ) : undefined
          }
          {...fieldProps}
        >
          {value ? (
            displayDate(value)
          ) : (
            <Input.Placeholder className={classes.placeholder}>{placeholder}</Input.Placeholder>
          )}
        </InputBase>
      </Popover.Target>
      {/* The calendar takes its name from the field's label ("Due Date"). */}
      <Popover.Dropdown aria-labelledby={`${inputId}-label`} onFocusCapture={keepEscapeInCalendar}>
        <Stack gap="xs">
          <TextInput
            label={t("date.typed")}
            placeholder={t("date.typedPlaceholder")}
            size="xs"
            autoComplete="off"
            data-autofocus
            value={typed}
            error={typedError}
            onChange={(event) => {
              setTyped(event.currentTarget.value);
              setTypedError(null);
            }}
            onKeyDown={handleTypedKeyDown}
          />
          <DatePicker
            value={value || null}
            defaultDate={value || undefined}
            onChange={(day) => day && choose(day)}
            minDate={minDate}
            maxDate={maxDate}
            ariaLabels={ariaLabels}
            classNames={{ day: classes.day }}
            // Days of the neighbouring months would be grey text below 4.5:1 contrast.
            hideOutsideDates
          />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** A filter bar's date: any date until one is chosen, clearable back to none. */
export function DateFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <DateField
      label={label}
      placeholder={t("date.any")}
      clearable
      value={value}
      onChange={(next) => onChange(next || undefined)}
      w={{ base: "100%", xs: 170 }}
    />
  );
}
