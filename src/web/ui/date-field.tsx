import { DatePickerInput, type DatePickerInputProps } from "@mantine/dates";
import { useId } from "react";
import classes from "./date-field.module.css";

/** Mantine leaves the calendar's arrow and level buttons unnamed. */
const CALENDAR_LABELS = {
  previousMonth: "Previous month",
  nextMonth: "Next month",
  previousYear: "Previous year",
  nextYear: "Next year",
  previousDecade: "Previous decade",
  nextDecade: "Next decade",
  monthLevelControl: "Choose a month",
  yearLevelControl: "Choose a year",
};

/** The placeholder is text in a button here, not a native one: it must pass 4.5:1 contrast. */
const READABLE_PLACEHOLDER = { placeholder: { color: "var(--mantine-color-dimmed)" } };

type DateFieldProps = Omit<DatePickerInputProps, "type" | "value" | "onChange"> & {
  /** A calendar date as yyyy-MM-dd; empty when none is chosen. */
  value?: string;
  onChange: (value: string) => void;
};

/**
 * A date picker holding plain yyyy-MM-dd strings (empty for none), as our forms, filters and
 * API do, and showing dates as 'MMM dd, yyyy' (SPEC.md).
 */
export function DateField({ value, onChange, label, id, ...props }: DateFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;

  return (
    <DatePickerInput
      id={inputId}
      // The calendar takes its name from the element whose id is its popover's id. Mantine
      // would point at nothing; the field's label ("Due Date") names it instead. Mantine also
      // drops focus to the page once a day is picked or the calendar is closed; it goes back
      // to the field, so focus stays in the form (and in a dialog holding it).
      popoverProps={{ id: `${inputId}-label`, returnFocus: true }}
      label={label}
      valueFormat="MMM DD, YYYY"
      value={value || null}
      onChange={(date) => onChange(date ?? "")}
      ariaLabels={CALENDAR_LABELS}
      styles={READABLE_PLACEHOLDER}
      classNames={{ day: classes.day }}
      // Days of the neighbouring months would be grey text below 4.5:1 contrast.
      hideOutsideDates
      clearButtonProps={{ "aria-label": `Clear ${typeof label === "string" ? label : "date"}` }}
      {...props}
    />
  );
}
