import sanitizeHtml from "sanitize-html";

/** What the minutes may hold: headings, paragraphs, lists, emphasis, quotes, code and links. */
const ALLOWED_TAGS = [
  "p",
  "br",
  "h1",
  "h2",
  "h3",
  "h4",
  "ul",
  "ol",
  "li",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "blockquote",
  "a",
  "code",
  "pre",
  "hr",
];

/**
 * Elements that run or load something: minutes sent with one are refused rather than quietly
 * cleaned, so whoever pasted them knows.
 */
const ACTIVE_TAGS = new Set([
  "script",
  "style",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "base",
  "link",
  "meta",
]);

/** A link's address: web pages and mail only. */
const SAFE_HREF = /^(https?:\/\/|mailto:)/i;

/** What browsers skip in a URL: controls, spaces and invisible characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const IGNORED_IN_URLS = /[\u0000-\u0020\u007f-\u00a0\u00ad]+/g;

/**
 * An attribute value as a browser reads it as a URL: the characters it ignores (controls,
 * spaces) and HTML comments taken out, lower case.
 */
function urlLike(value: string): string {
  return value
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(IGNORED_IN_URLS, "")
    .toLowerCase();
}

/** Attributes that only ever hold words: no browser reads them as an address. */
const TEXT_ATTRIBUTES = new Set(["title", "alt", "class", "id", "lang", "dir", "name", "role"]);

/** Whether an attribute, as the parser read it (entities decoded), runs script or embeds data. */
function isActiveAttribute(name: string, value: string): boolean {
  const local = name.toLowerCase().split(":").pop() ?? "";
  if (local.startsWith("on")) return true;
  if (TEXT_ATTRIBUTES.has(local) || local.startsWith("aria-")) return false;
  const url = urlLike(value);
  // Anywhere in the value: SVG animation attributes (values="a;javascript:...") set hrefs too.
  if (/(javascript|vbscript|livescript):/.test(url)) return true;
  // A data: URL as the value or as one of a srcset's candidates.
  if (/(^|,)data:/.test(url)) return true;
  return local === "style" && /expression\(|url\(/.test(url);
}

/**
 * Characters no text of the minutes needs, which the database refuses (NUL) or which corrupt
 * what reads them: controls other than tab and line breaks, and halves of surrogate pairs.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: taking control characters out is the point.
const UNSTORABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\p{Cs}/gu;

export type SanitizedMinutes = { isSafe: true; html: string } | { isSafe: false };

/**
 * The minutes as they are stored: sanitize-html keeps ALLOWED_TAGS only, links with an http,
 * https or mailto address only (opening in a new tab, without the opener), and no other
 * attribute. Markup that tries more (an active element, an event handler, a javascript:,
 * vbscript: or data: URL anywhere), as the HTML parser under sanitize-html reads it, makes the
 * whole text unsafe: the caller refuses it and stores nothing. Control characters are dropped.
 */
export function sanitizeMinutes(dirty: string): SanitizedMinutes {
  let isSafe = true;
  const html = sanitizeHtml(dirty, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: { a: ["href", "rel", "target"] },
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: {},
    allowedSchemesAppliedToAttributes: ["href"],
    allowProtocolRelative: false,
    disallowedTagsMode: "discard",
    parser: { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
    onOpenTag(tagName, attribs) {
      if (ACTIVE_TAGS.has(tagName.toLowerCase())) isSafe = false;
      for (const [name, value] of Object.entries(attribs))
        if (isActiveAttribute(name, value ?? "")) isSafe = false;
    },
    transformTags: {
      a: (_tagName, attribs) => {
        const href = attribs.href?.trim() ?? "";
        const kept: Record<string, string> = SAFE_HREF.test(href)
          ? { href, rel: "noopener noreferrer", target: "_blank" }
          : {};
        return { tagName: "a", attribs: kept };
      },
    },
  });
  return isSafe ? { isSafe, html: html.replace(UNSTORABLE, "").trim() } : { isSafe };
}
