import type { CatalogOf } from "../../catalog";
import type en from "../en/auth";

export default {
  invalidCredentials: "یوزر آئی ڈی/ای میل یا پاس ورڈ غلط ہے",
  signUpSuccess: "اکاؤنٹ کامیابی سے بن گیا ہے! اکاؤنٹ کی تصدیق کے لیے براہِ کرم اپنی ای میل دیکھیں۔",
  resetEmailSent: "پاس ورڈ ری سیٹ کرنے کی ای میل بھیج دی گئی ہے! براہِ کرم اپنا اِن باکس دیکھیں۔",
  passwordReset: "آپ کا پاس ورڈ تبدیل کر دیا گیا ہے۔ براہِ کرم سائن اِن کریں۔",
  signUpDisabled: "سائن اَپ بند ہے۔ اکاؤنٹ کے لیے براہِ کرم کسی منتظم سے رابطہ کریں۔",
  tooManyAttempts:
    "سائن اِن کی بہت زیادہ ناکام کوششیں ہو چکی ہیں۔ براہِ کرم کچھ دیر بعد دوبارہ کوشش کریں۔",
  tooManyAttemptsWait_one:
    "سائن اِن کی بہت زیادہ ناکام کوششیں ہو چکی ہیں۔ براہِ کرم {{count}} منٹ بعد دوبارہ کوشش کریں۔",
  tooManyAttemptsWait_other:
    "سائن اِن کی بہت زیادہ ناکام کوششیں ہو چکی ہیں۔ براہِ کرم {{count}} منٹ بعد دوبارہ کوشش کریں۔",
  emailNotVerified:
    "سائن اِن کرنے سے پہلے براہِ کرم اپنے ای میل پتے کی تصدیق کریں۔ ہم نے آپ کو تصدیق کا نیا لنک بھیج دیا ہے۔",
  pendingApproval: "آپ کا اکاؤنٹ منتظم کی منظوری کا منتظر ہے۔ منظوری کے بعد آپ سائن اِن کر سکیں گے۔",
  reservedName: "یہ نام مخصوص ہے۔ براہِ کرم اپنا پورا نام درج کریں۔",
  untrustedPage:
    "یہ صفحہ ایپ کے مقررہ پتے پر نہیں کھولا گیا۔ ایپ کو اس پتے پر کھولیں جو آپ کے منتظم نے آپ کو دیا ہے۔",
  requestFailed: "درخواست ناکام رہی ({{status}})",

  identifierRequired: "براہِ کرم اپنی یوزر آئی ڈی یا ای میل درج کریں",
  passwordRequired: "براہِ کرم اپنا پاس ورڈ درج کریں",
  fullNameRequired: "براہِ کرم اپنا پورا نام درج کریں",
  fullNameTooLong: "پورا نام زیادہ سے زیادہ 200 حروف پر مشتمل ہو سکتا ہے",
  passwordsDiffer: "دونوں پاس ورڈ ایک جیسے نہیں ہیں",
  "password.tooShort": "پاس ورڈ کم از کم {{minLength}} حروف پر مشتمل ہونا چاہیے",
  "password.tooLong": "پاس ورڈ زیادہ سے زیادہ {{maxLength}} حروف پر مشتمل ہو سکتا ہے",
  "password.onlySpaces": "پاس ورڈ صرف خالی جگہوں پر مشتمل نہیں ہو سکتا",
  "password.tooCommon": "یہ پاس ورڈ بہت عام ہے۔ براہِ کرم کوئی اور پاس ورڈ منتخب کریں۔",

  "request.notObject": "درخواست کا متن JSON آبجیکٹ ہونا چاہیے",
  "request.unknownField": "نامعلوم خانہ: {{names}}",
  "request.unknownParameter": "نامعلوم پیرامیٹر: {{names}}",
  "request.notText": "{{field}} کا اندراج متن کی صورت میں ہونا چاہیے",
  "request.required": "{{field}} درج کرنا لازمی ہے",
  "request.tooLong": "{{field}} میں زیادہ سے زیادہ {{maxLength}} حروف ہو سکتے ہیں",
  "request.notLocalPath": "واپسی کا راستہ اسی سائٹ کا کوئی راستہ ہونا چاہیے",
  "request.resetLinkInvalid": "پاس ورڈ ری سیٹ کرنے کا لنک درست نہیں",
  "request.linkInvalid": "یہ لنک درست نہیں",

  "field.identifier": "یوزر آئی ڈی یا ای میل",
  "field.userId": "یوزر آئی ڈی",
  "field.email": "ای میل",
  "field.password": "پاس ورڈ",
  "field.fullName": "پورا نام",
  "field.newPassword": "نیا پاس ورڈ",
  "field.confirmPassword": "نئے پاس ورڈ کی تصدیق",
  "field.redirectPath": "واپسی کا راستہ",
  "field.resetToken": "ری سیٹ ٹوکن",
  "field.token": "ٹوکن",

  "tab.signIn": "سائن اِن",
  "tab.signUp": "سائن اَپ",
  "action.signIn": "سائن اِن",
  "action.signUp": "سائن اَپ",
  "action.forgotPassword": "پاس ورڈ بھول گئے؟",
  "action.sendResetLink": "ری سیٹ لنک بھیجیں",
  "action.backToSignIn": "سائن اِن پر واپس جائیں",
  "action.updatePassword": "پاس ورڈ تبدیل کریں",
  "forgot.intro": "اپنا ای میل پتا درج کریں، ہم آپ کو نیا پاس ورڈ مقرر کرنے کا لنک بھیج دیں گے۔",
  "reset.title": "نیا پاس ورڈ مقرر کریں",
  "resetLink.invalidTitle": "ری سیٹ لنک درست نہیں",
  "resetLink.invalid":
    "پاس ورڈ ری سیٹ کرنے کا یہ لنک غلط ہے یا اس کی میعاد ختم ہو چکی ہے۔ براہِ کرم نیا لنک منگوائیں۔",
  "openedElsewhere.title": "غلط پتا",
  "openedElsewhere.text":
    "یہ صفحہ {{openedAt}} پر کھولا گیا ہے، جو ایپ کا پتا نہیں، اس لیے یہاں سائن اِن نہیں ہو سکتا۔ ایپ کو اس کے مقررہ پتے پر کھولیں:",
} satisfies CatalogOf<typeof en>;
