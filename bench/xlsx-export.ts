// Issue 18: every task exported to Excel by an administrator, timed from the request to the
// file's last byte, with the server process's resident memory sampled throughout (its lifetime
// peak, VmHWM, would count the cases before this one too).
import ExcelJS from "exceljs";
import { rssMb } from "./memory";

export type XlsxExportTiming = {
  /** Rows in the file, the header not counted (read back only in the small harness run). */
  rows: number | null;
  bytes: number;
  seconds: number;
  /** The server's resident set as the export began (what the cases before it left). */
  startRssMb: number;
  /** The server's largest resident set while the export ran. */
  peakRssMb: number;
};

/** Read the file back when it is this small; the full run only counts bytes and time. */
const READ_BACK_MAX_BYTES = 2_000_000;
const SAMPLE_MS = 25;

export async function timeXlsxExport(
  url: string,
  cookie: string,
  serverPid: number,
): Promise<XlsxExportTiming> {
  const startRssMb = rssMb(serverPid);
  let peakRssMb = startRssMb;
  const sampler = setInterval(() => {
    peakRssMb = Math.max(peakRssMb, rssMb(serverPid));
  }, SAMPLE_MS);
  const started = performance.now();
  try {
    const res = await fetch(`${url}/api/exports/tasks`, {
      headers: { cookie },
      signal: AbortSignal.timeout(300_000),
    });
    if (!res.ok) throw new Error(`export answered ${res.status}`);
    const body = await res.arrayBuffer();
    const seconds = Math.round((performance.now() - started) / 10) / 100;
    peakRssMb = Math.max(peakRssMb, rssMb(serverPid));
    let rows: number | null = null;
    if (body.byteLength <= READ_BACK_MAX_BYTES) {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(body);
      rows = workbook.worksheets[0].actualRowCount - 1;
    }
    return { rows, bytes: body.byteLength, seconds, startRssMb, peakRssMb };
  } finally {
    clearInterval(sampler);
  }
}
