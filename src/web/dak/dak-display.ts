import { useTranslation } from "react-i18next";
import {
  CLASSIFICATION_LABELS,
  CLASSIFICATIONS,
  DISPATCH_MODES,
  MARK_PURPOSES,
  MODE_LABELS,
  PURPOSE_LABELS,
  RECEIPT_MODES,
  RECEIPT_STATUS_LABELS,
  RECEIPT_STATUSES,
} from "../../shared/dak";
import { type MessageKey, translateMessage } from "../../shared/i18n/message";

/** Where the registers and a receipt live. */
export const DIARY_PATH = "/dak/diary";
export const DISPATCH_PATH = "/dak/dispatch";
export const receiptPath = (id: string) => `/dak/receipt/${id}`;
/** A dispatch is found in its register by its number. */
export const dispatchSearchPath = (number: string) =>
  `${DISPATCH_PATH}?${new URLSearchParams({ q: number })}`;

type Option<Value extends string> = { value: Value; label: string };

function useOptions<Value extends string>(
  values: readonly Value[],
  labels: Record<Value, MessageKey>,
): Option<Value>[] {
  const { i18n } = useTranslation("dak");
  return values.map((value) => ({ value, label: translateMessage(i18n, labels[value]) }));
}

export const useReceiptModeOptions = () => useOptions(RECEIPT_MODES, MODE_LABELS);
export const useDispatchModeOptions = () => useOptions(DISPATCH_MODES, MODE_LABELS);
export const useClassificationOptions = () => useOptions(CLASSIFICATIONS, CLASSIFICATION_LABELS);
export const useReceiptStatusOptions = () => useOptions(RECEIPT_STATUSES, RECEIPT_STATUS_LABELS);
export const usePurposeOptions = () => useOptions(MARK_PURPOSES, PURPOSE_LABELS);

/** What an empty field shows. */
export const NONE = "—";
