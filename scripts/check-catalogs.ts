// The catalogs' own checks, run by tests/i18n/catalogs.test.ts and on demand
// (`node --import tsx scripts/check-catalogs.ts`): both languages hold the same keys with the
// same placeholders, every key is used somewhere, every key the code names exists, and no
// JSX shows a literal English text instead of a catalog entry.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { NAMESPACES } from "../src/shared/i18n/catalog";
import { resources } from "../src/shared/i18n/resources";

const root = fileURLToPath(new URL("..", import.meta.url));
const CATALOG_DIR = join("src", "shared", "i18n", "catalogs");
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
/** JSX attributes people read or hear. */
const SPOKEN_ATTRIBUTES = new Set([
  "label",
  "placeholder",
  "title",
  "aria-label",
  "description",
  "alt",
  "error",
  "confirmLabel",
  "cancelLabel",
  "submitLabel",
  "tooltip",
  "nothingFoundMessage",
  "emptyMessage",
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === CATALOG_DIR ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();
}

/** Keys missing from a language, or whose placeholders differ from English's. */
export function catalogMismatches(): string[] {
  const problems: string[] = [];
  for (const ns of NAMESPACES) {
    const english: Record<string, string> = resources.en[ns];
    const urdu: Record<string, string> = resources.ur[ns];
    for (const key of Object.keys(english)) {
      if (!(key in urdu)) problems.push(`ur ${ns}:${key} is missing`);
      else if (placeholders(english[key]).join() !== placeholders(urdu[key]).join())
        problems.push(
          `ur ${ns}:${key} has placeholders ${placeholders(urdu[key])}, en has ${placeholders(english[key])}`,
        );
      if (!urdu[key]?.trim()) problems.push(`ur ${ns}:${key} is empty`);
    }
    for (const key of Object.keys(urdu)) {
      if (!(key in english)) problems.push(`ur ${ns}:${key} is not in English`);
    }
  }
  return problems;
}

type CodeStrings = { literals: Set<string>; prefixes: Set<string> };

/** Every string literal in the code, and the fixed start of every template literal. */
function codeStrings(files: string[]): CodeStrings {
  const literals = new Set<string>();
  const prefixes = new Set<string>();
  for (const file of files) {
    const text = readFileSync(join(root, file), "utf8");
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isStringLiteralLike(node)) literals.add(node.text);
      if (ts.isTemplateExpression(node) && node.head.text) prefixes.add(node.head.text);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { literals, prefixes };
}

const codeFiles = () => [...sourceFiles("src"), ...sourceFiles("scripts")];

/**
 * Catalog keys no code names. A key counts as named when a literal equals it (with or without
 * its namespace, or its plural base), or when a template literal starts with its fixed part
 * (`status.${status}`).
 */
export function unusedKeys(): string[] {
  const { literals, prefixes } = codeStrings(codeFiles());
  const unused: string[] = [];
  for (const ns of NAMESPACES) {
    for (const key of Object.keys(resources.en[ns])) {
      const base = key.replace(PLURAL_SUFFIX, "");
      const names = [key, base, `${ns}:${key}`, `${ns}:${base}`];
      const isNamed =
        names.some((name) => literals.has(name)) ||
        [...prefixes].some((prefix) => names.some((name) => name.startsWith(prefix)));
      if (!isNamed) unused.push(`${ns}:${key}`);
    }
  }
  return unused;
}

/** Literals written as "namespace:key" whose key is in no catalog. */
export function unknownKeys(): string[] {
  const { literals } = codeStrings(codeFiles());
  const namespaces = new Set<string>(NAMESPACES);
  return [...literals]
    .filter((text) => /^[a-z]+:[\w.]+(\|.*)?$/.test(text) && namespaces.has(text.split(":")[0]))
    .filter((text) => {
      const [ns, key] = text.split("|")[0].split(":") as [keyof typeof resources.en, string];
      const catalog: Record<string, string> = resources.en[ns];
      return !(key in catalog) && !(`${key}_one` in catalog);
    });
}

/**
 * String literals an expression would show as they are: words (a letter, and a capital or a
 * space), not inside a call (t("key"), a class-name helper) or a comparison.
 */
function shownLiterals(expression: ts.Node): ts.StringLiteralLike[] {
  const shown: ts.StringLiteralLike[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) ||
      (ts.isBinaryExpression(node) &&
        node.operatorToken.kind !== ts.SyntaxKind.BarBarToken &&
        node.operatorToken.kind !== ts.SyntaxKind.QuestionQuestionToken)
    )
      return;
    if (ts.isConditionalExpression(node)) {
      visit(node.whenTrue);
      visit(node.whenFalse);
      return;
    }
    if (ts.isStringLiteralLike(node) && /\p{L}/u.test(node.text) && /^\p{Lu}|\s/u.test(node.text)) {
      shown.push(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(expression);
  return shown;
}

/** JSX text and spoken attributes written as literals (letters in them) instead of t(). */
export function literalJsxTexts(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(join("src", "web")).filter((f) => f.endsWith(".tsx"))) {
    const text = readFileSync(join(root, file), "utf8");
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    const where = (node: ts.Node) =>
      `${relative(root, join(root, file))}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const visit = (node: ts.Node) => {
      if (ts.isJsxText(node) && /\p{L}/u.test(node.text)) {
        found.push(`${where(node)} text "${node.text.trim()}"`);
      }
      if (
        ts.isJsxAttribute(node) &&
        SPOKEN_ATTRIBUTES.has(node.name.getText()) &&
        node.initializer
      ) {
        for (const literal of shownLiterals(node.initializer)) {
          found.push(`${where(literal)} ${node.name.getText()}="${literal.text}"`);
        }
      }
      if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) {
        for (const literal of shownLiterals(node.expression)) {
          found.push(`${where(literal)} text "${literal.text}"`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const report = {
    mismatches: catalogMismatches(),
    unused: unusedKeys(),
    unknown: unknownKeys(),
    literalJsx: literalJsxTexts(),
  };
  for (const [name, problems] of Object.entries(report)) {
    console.log(`${name}: ${problems.length}`);
    for (const problem of problems) console.log(`  ${problem}`);
  }
  process.exitCode = Object.values(report).some((p) => p.length) ? 1 : 0;
}
