import { queryOptions, useQuery } from "@tanstack/react-query";
import { parseResponse } from "hono/client";
import { api } from "../api/client";

/** Under "tasks": a change to any task refreshes them, as it does the task's own page. */
const noteSheetKeys = {
  sheet: (taskId: string) => ["tasks", "note-sheet", taskId] as const,
  verification: (code: string) => ["tasks", "note-sheet-verification", code] as const,
  qr: (text: string) => ["note-sheet-qr", text] as const,
};

export function useNoteSheet(taskId: string) {
  return useQuery(
    queryOptions({
      queryKey: noteSheetKeys.sheet(taskId),
      queryFn: () =>
        parseResponse(api.api.tasks[":id"]["note-sheet"].$get({ param: { id: taskId } })),
    }),
  );
}

export function useVerification(code: string) {
  return useQuery({
    queryKey: noteSheetKeys.verification(code),
    queryFn: () => parseResponse(api.api.verify[":code"].$get({ param: { code } })),
  });
}

/**
 * The QR code of `text` as an SVG data URL (sharp at any print resolution). The encoder loads
 * with the first one, so pages that print no note sheet never fetch it.
 */
export function useQrCode(text: string | null) {
  return useQuery({
    queryKey: noteSheetKeys.qr(text ?? ""),
    queryFn: async () => {
      const { toString: toQrSvg } = await import("qrcode");
      const svg = await toQrSvg(text ?? "", { type: "svg", margin: 0, errorCorrectionLevel: "M" });
      return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
    },
    enabled: text !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
