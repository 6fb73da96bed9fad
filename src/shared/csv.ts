/**
 * The one CSV writer (the performance report's download, the audit log's export): RFC 4180
 * fields, CRLF line ends, and text that a spreadsheet would run as a formula neutralised.
 */

// Excel reads a CSV as the local code page unless it starts with a UTF-8 byte order mark.
export const BYTE_ORDER_MARK = "\uFEFF";

/** RFC 4180: a field with a comma, quote or line break is quoted, inner quotes doubled. */
export function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * Text typed by someone (a name, an e-mail, a reason) could start like a spreadsheet formula
 * (=, +, -, @, a tab or carriage return); a leading apostrophe makes Excel show it as text
 * instead of running it.
 */
export function textField(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One line, without its line end. */
export function csvLine(fields: Array<string | number>): string {
  return fields.map(csvField).join(",");
}
