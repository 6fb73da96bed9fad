// Writes the Urdu font the web app serves: Noto Nastaliq Urdu 400 and 700 cut down to the
// characters Urdu uses (docs/decisions/015-urdu-and-right-to-left.md, addendum), from the
// @fontsource package's arabic files. Run it again when a catalog brings a character the subset
// lacks (tests/i18n/urdu-font.test.ts then fails):
//   node --import tsx scripts/subset-urdu-font.ts
import { copyFileSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fontverter from "fontverter";
import * as hb from "harfbuzzjs";
import subsetFont from "subset-font";
import { resources } from "../src/shared/i18n/resources";

const root = fileURLToPath(new URL("..", import.meta.url));
const require = createRequire(import.meta.url);

export const WEIGHTS = [400, 700] as const;
export type Weight = (typeof WEIGHTS)[number];
export const FONT_CSS = join(root, "src/web/i18n/urdu-font.css");
const FONT_DIR = join(root, "src/web/i18n/fonts");

export function subsetPath(weight: Weight): string {
  return join(FONT_DIR, `noto-nastaliq-urdu-${weight}.woff2`);
}

/**
 * Fontsource's arabic file, not the whole family: its latin faces would draw User IDs, e-mail
 * addresses and digits in Nastaliq's Latin, where urdu.css means the system font to.
 */
export function sourcePath(weight: Weight): string {
  return require.resolve(
    `@fontsource/noto-nastaliq-urdu/files/noto-nastaliq-urdu-arabic-${weight}-normal.woff2`,
  );
}

type Group = { name: string; text: string };

const ALPHABET = "ابپتٹثجچحخدڈذرڑزژسشصضطظعغفقکگلمنںوہھءیے";

function range(from: number, to: number): string {
  return String.fromCodePoint(...Array.from({ length: to - from + 1 }, (_, i) => from + i));
}

/**
 * What people type besides what the catalogs say: names and remarks in Urdu may hold any letter.
 * Arabic-Indic digits are left out on purpose: the app writes Western digits in Urdu (decision
 * 015), and a typed ۴ still shows, in the system's Arabic font.
 */
export const URDU_GROUPS: Group[] = [
  { name: "alphabet", text: ALPHABET },
  // Urdu's own letters with hamza or a mark, whole or built from a letter and a combining mark.
  { name: "letters with hamza or madd", text: "آأإؤئۂۃۓ\u0653\u0654" },
  // The Arabic code points of the same letters, which Arabic and Persian keyboards, and text
  // pasted from elsewhere, put in Urdu words.
  { name: "Arabic forms of Urdu letters", text: "كيهىةۀ" },
  // Tanvin, zabar, pesh, zer, shad, jazm, hamza below, khari zer, ulta pesh, noon ghunna and
  // khari zabar (madd and hamza above are with the letters).
  { name: "vowel and other marks", text: `${range(0x064b, 0x0652)}${range(0x0655, 0x0658)}\u0670` },
  // ؐ ؑ ؒ ؓ ؔ: signs Urdu writes after names (the catalogs use ؐ already).
  { name: "honorific signs", text: range(0x0610, 0x0614) },
  { name: "tatweel", text: "\u0640" },
  { name: "punctuation", text: "۔،؛؟٪٫٬٭" },
  // Shaping runs across words in one font, and ZWNJ/ZWJ break or force a join inside one.
  { name: "space, no-break space, ZWNJ, ZWJ, LRM", text: " \u00a0\u200c\u200d\u200e" },
];

/** Every character the Urdu catalogs show, placeholders' names aside. */
export function catalogCharacters(): Set<string> {
  const characters = new Set<string>();
  for (const catalog of Object.values(resources.ur)) {
    for (const text of Object.values<string>(catalog)) {
      for (const character of text.replace(/\{\{[^}]*\}\}/g, "")) characters.add(character);
    }
  }
  return characters;
}

export async function sfntOf(font: Buffer): Promise<Buffer> {
  return fontverter.convert(font, "sfnt");
}

/** The code points a font maps to a glyph (its cmap). */
export async function codepointsOf(font: Buffer): Promise<number[]> {
  const face = new hb.Face(new hb.Blob(await sfntOf(font)));
  return [...face.collectUnicodes()].sort((a, b) => a - b);
}

function hex(codepoint: number): string {
  return codepoint.toString(16).toUpperCase().padStart(4, "0");
}

/** CSS `unicode-range` value for a sorted list of code points, runs folded into ranges. */
export function unicodeRange(codepoints: number[]): string {
  const parts: string[] = [];
  let start = 0;
  while (start < codepoints.length) {
    let end = start;
    while (end + 1 < codepoints.length && codepoints[end + 1] === codepoints[end] + 1) end++;
    const first = codepoints[start];
    const last = codepoints[end];
    parts.push(last === first ? `U+${hex(first)}` : `U+${hex(first)}-${hex(last)}`);
    start = end + 1;
  }
  return parts.join(", ");
}

/** The `unicode-range` of each @font-face in the CSS, spaces normalised. */
export function cssUnicodeRanges(css: string): string[] {
  return [...css.matchAll(/unicode-range:\s*([^;]+);/g)].map((m) =>
    m[1]
      .split(",")
      .map((part) => part.trim())
      .join(", "),
  );
}

function shapeWithFont(font: hb.Font, text: string): string[] {
  const buffer = new hb.Buffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  // Urdu, not Arabic: Nastaliq's `locl` rules for Urdu have to survive the cut too.
  buffer.setLanguage("ur");
  hb.shape(font, buffer);
  const positions = buffer.getGlyphPositions();
  return buffer
    .getGlyphInfos()
    .map(
      (info, i) =>
        `${font.glyphToPath(info.codepoint)}|${positions[i].xAdvance},${positions[i].yAdvance},${positions[i].xOffset},${positions[i].yOffset}`,
    );
}

/**
 * Texts shaped differently by the subset than by the whole font: glyph ids are renumbered by the
 * cut, so the glyphs are compared by outline, with their advances and offsets.
 */
export function shapingDifferences(original: Buffer, subset: Buffer, texts: string[]): string[] {
  const originalFont = new hb.Font(new hb.Face(new hb.Blob(original)));
  const subsetted = new hb.Font(new hb.Face(new hb.Blob(subset)));
  return texts.filter(
    (text) =>
      shapeWithFont(originalFont, text).join("\n") !== shapeWithFont(subsetted, text).join("\n"),
  );
}

/**
 * What to shape with both fonts: every catalog text (its characters outside the subset turned
 * to spaces, as the browser would draw them in another font) and every pair of letters, which
 * meets each letter in its initial, medial and final forms.
 */
function sampleTexts(kept: Set<string>, letters: string[]): string[] {
  const texts = new Set<string>();
  for (const catalog of Object.values(resources.ur)) {
    for (const text of Object.values<string>(catalog)) {
      const drawn = [...text].map((c) => (kept.has(c) ? c : " ")).join("");
      if (drawn.trim()) texts.add(drawn);
    }
  }
  for (const a of letters) {
    for (const b of letters) texts.add(`${a}${b} ب${a}${b}ب`);
  }
  return [...texts];
}

function describe(character: string): string {
  const codepoint = character.codePointAt(0) ?? 0;
  const shown = /\p{M}/u.test(character) ? `\u25cc${character}` : character;
  return /[\s\p{Cc}\p{Cf}]/u.test(character)
    ? `U+${hex(codepoint)}`
    : `${shown} U+${hex(codepoint)}`;
}

function kilobytes(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} KB`;
}

async function main(): Promise<void> {
  const sourceCodepoints = new Set(await codepointsOf(readFileSync(sourcePath(400))));
  const inFont = (c: string) => sourceCodepoints.has(c.codePointAt(0) ?? -1);

  const catalog = catalogCharacters();
  const groups: Group[] = [
    ...URDU_GROUPS,
    {
      name: "catalog characters not listed above",
      text: [...catalog].filter((c) => !URDU_GROUPS.some((g) => g.text.includes(c))).join(""),
    },
  ];
  const kept = new Set<string>();
  console.log("Characters kept (the catalogs plus the Urdu that people type):");
  for (const group of groups) {
    const inGroup = [...group.text].filter(inFont);
    for (const c of inGroup) kept.add(c);
    console.log(
      `  ${group.name} (${inGroup.length}): ${inGroup.map(describe).join("  ") || "none"}`,
    );
  }
  const absent = [...new Set(groups.flatMap((g) => [...g.text]))]
    .filter((c) => !inFont(c))
    .sort((a, b) => (a.codePointAt(0) ?? 0) - (b.codePointAt(0) ?? 0));
  const absentFromCatalogs = absent.filter((c) => catalog.has(c));
  console.log(
    `Catalog characters left to the system font, as Latin text is (${absentFromCatalogs.length}): ${absentFromCatalogs.map(describe).join("  ")}`,
  );
  const missing = absent.filter((c) => !catalog.has(c));
  if (missing.length)
    console.log(`Listed but not in the font: ${missing.map(describe).join("  ")}`);
  console.log(`${kept.size} characters in all.\n`);

  const letters = [...`${ALPHABET}آئۂۓ`];
  const texts = sampleTexts(kept, letters);
  const text = [...kept].join("");
  const ranges = new Set<string>();
  mkdirSync(FONT_DIR, { recursive: true });
  let failed = false;
  for (const weight of WEIGHTS) {
    const source = readFileSync(sourcePath(weight));
    // Every GSUB/GPOS feature stays (subset-font's default): Nastaliq's cursive joins, its
    // stacked forms and mark placement are all layout rules.
    const subset = await subsetFont(source, text, {
      targetFormat: "woff2",
      // The licence's name-table entries: OFL fonts travel with their licence.
      preserveNameIds: [13, 14],
    });
    const differences = shapingDifferences(await sfntOf(source), await sfntOf(subset), texts);
    if (differences.length) {
      failed = true;
      console.log(
        `${weight}: ${differences.length} texts shape differently, e.g. ${differences[0]}`,
      );
      continue;
    }
    writeFileSync(subsetPath(weight), subset);
    ranges.add(unicodeRange(await codepointsOf(subset)));
    console.log(
      `${weight}: ${kilobytes(statSync(sourcePath(weight)).size)} -> ${kilobytes(subset.length)} woff2; ${texts.length} texts shape as with the whole font`,
    );
  }
  copyFileSync(
    require.resolve("@fontsource/noto-nastaliq-urdu/LICENSE"),
    join(FONT_DIR, "OFL.txt"),
  );

  const expected = [...ranges];
  const declared = cssUnicodeRanges(readFileSync(FONT_CSS, "utf8"));
  if (expected.length !== 1 || declared.some((r) => r !== expected[0])) {
    failed = true;
    console.log(`\nSet unicode-range in ${FONT_CSS} to:\n  ${expected.join("\n  ")}`);
  } else {
    console.log(`\nunicode-range in urdu-font.css matches: ${expected[0]}`);
  }
  process.exitCode = failed ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await main();
}
