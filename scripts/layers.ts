// The test suite's layers (typecheck, unit + API, process, bench harness, Playwright, the
// PostgreSQL pass): each runs as its own command, its output streamed with its name before
// every line, its wall time and test count recorded, and a table of them printed at the end.
import { spawn } from "node:child_process";
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";

export type Layer = {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  /** How the count is read: Vitest's or Playwright's JSON report; none for checks and builds. */
  report?: "vitest" | "playwright";
};

export type LayerResult = {
  name: string;
  seconds: number;
  ok: boolean;
  tests?: number;
  files?: number;
  skipped?: number;
  /** Tests that failed (or, in Playwright, passed only on a retry): file, title, first error line. */
  failures?: string[];
  flaky?: string[];
};

/** Where the results of one whole run are gathered (.ci/run points both passes at one file). */
const resultsFile = process.env.TEST_LAYERS_FILE;

type VitestReport = {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: {
    name: string;
    message?: string;
    status: string;
    assertionResults: { status: string; fullName: string; failureMessages?: string[] }[];
  }[];
};
type PlaywrightSuite = {
  file: string;
  specs?: {
    title: string;
    line: number;
    tests: { status: string; results: { error?: { message?: string } }[] }[];
  }[];
  suites?: PlaywrightSuite[];
};
type PlaywrightReport = {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites: PlaywrightSuite[];
};

/** The first line of an error that says something, without terminal colours. */
function firstLine(message = ""): string {
  const plain = stripVTControlCharacters(message);
  const line = plain.split("\n").find((text) => text.trim()) ?? "";
  return line.trim().slice(0, 240);
}

const relative = (path: string) => path.replace(`${process.cwd()}/`, "");

function vitestFailures(report: VitestReport): string[] {
  return report.testResults.flatMap((file) => {
    const tests = file.assertionResults
      .filter((test) => test.status === "failed")
      .map(
        (test) =>
          `${relative(file.name)} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`,
      );
    // A file that failed before any test ran (an import error, a hook) has only its message.
    return tests.length || file.status !== "failed"
      ? tests
      : [`${relative(file.name)}: ${firstLine(file.message)}`];
  });
}

function playwrightTests(suites: PlaywrightSuite[], status: string): string[] {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((test) => test.status === status)
        .map((test) => {
          const error = test.results.find((result) => result.error)?.error?.message;
          return `${suite.file}:${spec.line} > ${spec.title}: ${firstLine(error)}`;
        }),
    ),
    ...playwrightTests(suite.suites ?? [], status),
  ]);
}

function countOf(report: Layer["report"], file: string): Partial<LayerResult> {
  if (!report || !existsSync(file)) return {};
  const json: unknown = JSON.parse(readFileSync(file, "utf8"));
  if (report === "vitest") {
    const vitest = json as VitestReport;
    return {
      tests: vitest.numPassedTests + vitest.numFailedTests,
      skipped: vitest.numPendingTests + vitest.numTodoTests,
      files: vitest.testResults.filter((result) =>
        result.assertionResults.some((test) => test.status !== "skipped"),
      ).length,
      failures: vitestFailures(vitest),
    };
  }
  const { stats, suites } = json as PlaywrightReport;
  return {
    tests: stats.expected + stats.unexpected + stats.flaky,
    skipped: stats.skipped,
    files: suites.length,
    failures: playwrightTests(suites, "unexpected"),
    flaky: playwrightTests(suites, "flaky"),
  };
}

/** Runs one layer with its output prefixed by its name; resolves with what it recorded. */
export async function runLayer(layer: Layer): Promise<LayerResult> {
  const folder = mkdtempSync(join(tmpdir(), "hed-layer-"));
  const reportFile = join(folder, "report.json");
  const reportArgs =
    layer.report === "vitest"
      ? ["--reporter=default", "--reporter=json", `--outputFile.json=${reportFile}`]
      : [];
  const started = performance.now();
  const child = spawn(layer.command, [...layer.args, ...reportArgs], {
    env: {
      ...process.env,
      ...layer.env,
      ...(layer.report === "playwright" ? { E2E_JSON_REPORT: reportFile } : {}),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const prefix = `[${layer.name}] `;
  for (const stream of [child.stdout, child.stderr]) {
    let rest = "";
    stream.on("data", (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
    });
    stream.on("end", () => {
      if (rest) process.stdout.write(`${prefix}${rest}\n`);
    });
  }
  const code = await new Promise<number>((resolve) =>
    child.once("close", (status, signal) => resolve(status ?? (signal ? 1 : 0))),
  );
  const result: LayerResult = {
    name: layer.name,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    ok: code === 0,
    ...countOf(layer.report, reportFile),
  };
  rmSync(folder, { recursive: true, force: true });
  if (resultsFile) appendFileSync(resultsFile, `${JSON.stringify(result)}\n`);
  process.stdout.write(
    `${prefix}${result.ok ? "passed" : `FAILED (exit ${code})`} in ${result.seconds} s\n`,
  );
  return result;
}

/** Layers run one after another: a lane of a stage. */
export type Lane = Layer | Layer[];

/** Runs a lane's layers in order, stopping at the first failure. */
async function runLane(lane: Lane): Promise<LayerResult[]> {
  const results: LayerResult[] = [];
  for (const layer of Array.isArray(lane) ? lane : [lane]) {
    const result = await runLayer(layer);
    results.push(result);
    if (!result.ok) break;
  }
  return results;
}

/**
 * Runs stages one after another and the lanes of a stage side by side; stops after the first
 * stage with a failure. Returns whether everything passed.
 */
export async function runStages(
  stages: Lane[][],
): Promise<{ ok: boolean; results: LayerResult[] }> {
  const results: LayerResult[] = [];
  for (const stage of stages) {
    const done = (await Promise.all(stage.map(runLane))).flat();
    results.push(...done);
    if (done.some((result) => !result.ok)) return { ok: false, results };
  }
  return { ok: true, results };
}

/** One line per layer: its wall time and its test count. */
export function layerTable(results: LayerResult[]): string {
  const rows = results.map((result) => [
    result.name,
    `${result.seconds.toFixed(1)} s`,
    result.tests === undefined
      ? "-"
      : `${result.tests} tests in ${result.files} files${result.skipped ? ` (${result.skipped} skipped)` : ""}`,
    result.ok ? "passed" : "FAILED",
  ]);
  const header = ["layer", "wall time", "tests", "result"];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column].length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(" | ")} |`;
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...rows.map(line)].join(
    "\n",
  );
}

/**
 * The tests that failed, and those that passed only when tried again, by layer: printed last,
 * where a CI log's tail (all a landing shows) still holds them.
 */
export function failureList(results: LayerResult[]): string {
  const lines = results.flatMap((result) => [
    ...(result.failures ?? []).map((test) => `- [${result.name}] FAILED ${test}`),
    ...(result.flaky ?? []).map((test) => `- [${result.name}] passed on a retry: ${test}`),
  ]);
  return lines.length ? `\nTests that failed or needed a retry:\n${lines.join("\n")}` : "";
}

/** The results recorded in TEST_LAYERS_FILE so far (both passes of a CI run). */
export function recordedResults(file: string): LayerResult[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LayerResult);
}
