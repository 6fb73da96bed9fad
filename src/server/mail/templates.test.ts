import { describe, expect, it } from "vitest";
import { LANGUAGES, type Language } from "../../shared/i18n/languages";
import { type LinkMailKind, linkMail } from "./templates";

const URL = "https://tasks.hed.example/api/auth/reset-password/abc?callbackURL=%2Fauth&x=1";
const TO = "sana@hed.example";

/** Each mail, and what it says in each language (today's English, word for word). */
const MAILS: {
  name: string;
  kind: LinkMailKind;
  texts: Record<Language, { subject: string; lines: string[]; action: string }>;
}[] = [
  {
    name: "password reset",
    kind: "passwordReset",
    texts: {
      en: {
        subject: "Reset your HED Task Manager password",
        lines: [
          "We received a request to reset your password. Open the link below to choose a new one.",
          "The link works once and expires in one hour. If you did not ask for this, ignore this e-mail.",
        ],
        action: "Reset password",
      },
      ur: {
        subject: "ایچ ای ڈی ٹاسک مینیجر کا پاس ورڈ ری سیٹ کریں",
        lines: [
          "ہمیں آپ کا پاس ورڈ ری سیٹ کرنے کی درخواست موصول ہوئی ہے۔ نیا پاس ورڈ منتخب کرنے کے لیے نیچے دیا گیا لنک کھولیں۔",
          "یہ لنک صرف ایک بار کام کرے گا اور ایک گھنٹے بعد ختم ہو جائے گا۔ اگر آپ نے یہ درخواست نہیں کی تو اس ای میل کو نظرانداز کر دیں۔",
        ],
        action: "پاس ورڈ ری سیٹ کریں",
      },
    },
  },
  {
    name: "e-mail verification",
    kind: "verifyEmail",
    texts: {
      en: {
        subject: "Verify your HED Task Manager e-mail address",
        lines: [
          "Your account has been created. Please confirm your e-mail address with the link below.",
        ],
        action: "Verify e-mail address",
      },
      ur: {
        subject: "ایچ ای ڈی ٹاسک مینیجر کے لیے اپنے ای میل پتے کی تصدیق کریں",
        lines: [
          "آپ کا اکاؤنٹ بن گیا ہے۔ براہِ کرم نیچے دیے گئے لنک سے اپنے ای میل پتے کی تصدیق کریں۔",
        ],
        action: "ای میل پتے کی تصدیق کریں",
      },
    },
  },
  {
    name: "existing account",
    kind: "existingAccount",
    texts: {
      en: {
        subject: "Someone tried to create a HED Task Manager account with your address",
        lines: [
          "Someone tried to create a new account with this e-mail address, which already has one.",
          "If it was you, sign in with your existing account, or use Forgot Password on the sign-in page to choose a new password. If it was not you, you can ignore this e-mail: nothing has changed.",
        ],
        action: "Sign in",
      },
      ur: {
        subject: "کسی نے آپ کے ای میل پتے سے ایچ ای ڈی ٹاسک مینیجر کا اکاؤنٹ بنانے کی کوشش کی",
        lines: [
          "کسی نے اس ای میل پتے سے نیا اکاؤنٹ بنانے کی کوشش کی، جبکہ اس پتے پر پہلے سے ایک اکاؤنٹ موجود ہے۔",
          'اگر یہ آپ تھے تو اپنے موجودہ اکاؤنٹ سے سائن اِن کریں، یا نیا پاس ورڈ منتخب کرنے کے لیے سائن اِن کے صفحے پر "پاس ورڈ بھول گئے" استعمال کریں۔ اگر یہ آپ نہیں تھے تو اس ای میل کو نظرانداز کر سکتے ہیں: کچھ بھی تبدیل نہیں ہوا۔',
        ],
        action: "سائن اِن کریں",
      },
    },
  },
  {
    name: "account approved",
    kind: "accountApproved",
    texts: {
      en: {
        subject: "Your HED Task Manager account has been approved",
        lines: ["An administrator has approved your account. You can now sign in."],
        action: "Sign in",
      },
      ur: {
        subject: "آپ کا ایچ ای ڈی ٹاسک مینیجر اکاؤنٹ منظور ہو گیا ہے",
        lines: ["منتظم نے آپ کا اکاؤنٹ منظور کر دیا ہے۔ اب آپ سائن اِن کر سکتے ہیں۔"],
        action: "سائن اِن کریں",
      },
    },
  },
];

const FRAME = {
  en: {
    greeting: (name: string) => `Dear ${name},`,
    fallback: "If the button does not work, copy this address into your browser:",
    signature: "HED Task Manager",
  },
  ur: {
    greeting: (name: string) => `محترم/محترمہ ${name}،`,
    fallback: "اگر بٹن کام نہ کرے تو یہ پتا کاپی کر کے اپنے براؤزر میں چسپاں کریں:",
    signature: "ایچ ای ڈی ٹاسک مینیجر",
  },
} as const;

const escaped = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

describe("mail templates", () => {
  for (const { name, kind, texts } of MAILS) {
    for (const language of LANGUAGES) {
      it(`the ${name} mail in ${language}`, () => {
        const { subject, lines, action } = texts[language];
        const frame = FRAME[language];
        const mail = linkMail(kind, TO, "Sana Tariq", URL, language);
        expect(mail.to).toBe(TO);
        expect(mail.subject).toBe(subject);
        expect(mail.text).toBe(
          [frame.greeting("Sana Tariq"), "", ...lines, "", URL, "", frame.signature].join("\n"),
        );
        const dir = language === "ur" ? "rtl" : "ltr";
        expect(mail.html.startsWith(`<div dir="${dir}" lang="${language}">`)).toBe(true);
        expect(mail.html.trimEnd().endsWith("</div>")).toBe(true);
        for (const text of [frame.greeting("Sana Tariq"), ...lines, frame.signature]) {
          expect(mail.html).toContain(`<p>${escaped(text)}</p>`);
        }
        expect(mail.html).toContain(`<a href="${escaped(URL)}">${escaped(action)}</a>`);
        expect(mail.html).toContain(
          `${escaped(frame.fallback)}<br><span dir="ltr">${escaped(URL)}</span>`,
        );
      });
    }
  }

  it("the English mails have no Urdu in them, and the Urdu mails no English words", () => {
    for (const { kind } of MAILS) {
      const english = linkMail(kind, TO, "Sana", URL, "en");
      expect(`${english.subject}${english.text}${english.html}`).not.toMatch(/[\u0600-\u06ff]/);
      const urdu = linkMail(kind, TO, "Sana", URL, "ur");
      // Apart from the name, the address and the markup, every word is Urdu.
      const words = `${urdu.subject}\n${urdu.text}`
        .replaceAll(URL, "")
        .replaceAll("Sana", "")
        .match(/[A-Za-z]{2,}/g);
      expect(words).toBeNull();
    }
  });

  it("puts the name in as written, escaped in the HTML, never read as markup or a key", () => {
    const name = `<b>O'Brien & "Sons"</b> {{name}} $t(mail:signature) mail:signature`;
    for (const { kind } of MAILS) {
      for (const language of LANGUAGES) {
        const mail = linkMail(kind, TO, name, URL, language);
        expect(mail.text.split("\n")[0]).toBe(FRAME[language].greeting(name));
        expect(mail.html).toContain(`<p>${escaped(FRAME[language].greeting(name))}</p>`);
        expect(mail.html).toContain(
          "&#60;b&#62;O&#39;Brien &#38; &#34;Sons&#34;&#60;/b&#62; {{name}} $t(mail:signature)",
        );
        expect(mail.html).not.toContain("<b>");
        expect(mail.subject).not.toContain("O'Brien");
      }
    }
  });

  it("escapes the link in the HTML, in the href and the spelt-out address", () => {
    const url = `https://tasks.hed.example/auth?a=1&b="2"<x>`;
    const mail = linkMail("passwordReset", TO, "Sana", url, "ur");
    expect(mail.html).toContain(
      'href="https://tasks.hed.example/auth?a=1&#38;b=&#34;2&#34;&#60;x&#62;"',
    );
    expect(mail.html).not.toContain('"2"');
    expect(mail.text).toContain(url);
  });
});
