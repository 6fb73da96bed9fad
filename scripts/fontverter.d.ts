// fontverter ships no types; scripts/subset-urdu-font.ts uses this much of it.
declare module "fontverter" {
  type Format = "sfnt" | "truetype" | "woff" | "woff2";
  const fontverter: {
    convert(font: Buffer, to: Format, from?: Format): Promise<Buffer>;
    detectFormat(font: Buffer): Exclude<Format, "truetype">;
  };
  export default fontverter;
}
