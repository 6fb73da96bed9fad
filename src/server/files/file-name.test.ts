import { describe, expect, test } from "vitest";
import { safeFileName } from "./file-name";

describe("safeFileName", () => {
  test("the extension follows the detected type, not the uploader's name", () => {
    expect(safeFileName("poly.jar", "application/pdf")).toBe("poly.pdf");
    expect(safeFileName("photo.JPEG", "image/jpeg")).toBe("photo.jpg");
    expect(safeFileName("report.final.pdf", "application/pdf")).toBe("report.final.pdf");
    expect(safeFileName("scan", "image/png")).toBe("scan.png");
  });

  test("control, bidirectional and invisible characters go", () => {
    expect(safeFileName("poly\u202Efdp.jar", "application/pdf")).toBe("polyfdp.pdf");
    expect(safeFileName("a\u0000b\u001f\u007f\u0085c.png", "image/png")).toBe("abc.png");
    expect(safeFileName("\u2066x\u2069\u200b\ufeff.pdf", "application/pdf")).toBe("x.pdf");
  });

  test("path and reserved characters cannot make a path or break a header", () => {
    expect(safeFileName('../../etc/pa"ss<wd>.pdf', "application/pdf")).toBe(
      "_.._etc_pa_ss_wd_.pdf",
    );
  });

  test("an empty or dots-only name becomes 'file'", () => {
    expect(safeFileName("", "image/png")).toBe("file.png");
    expect(safeFileName(" . . ", "image/png")).toBe("file.png");
    expect(safeFileName(".pdf", "application/pdf")).toBe("file.pdf");
  });

  test("long names are cut by bytes on whole characters", () => {
    const name = safeFileName(`${"😀".repeat(100)}.png`, "image/png");
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(150);
    expect(name).toMatch(/^(😀)+\.png$/u);
  });
});
