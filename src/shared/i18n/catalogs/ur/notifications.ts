import type { CatalogOf } from "../../catalog";
import type en from "../en/notifications";

export default {
  "text.task_assigned":
    "آپ کو کام “{{subject}}” تفویض کیا گیا ہے، جس کی آخری تاریخ {{dueDate}} ہے۔",
  "text.task_unassigned": "کام “{{subject}}” اب {{by}} کو تفویض کر دیا گیا ہے۔",
  "text.task_due_date_changed":
    "کام “{{subject}}” کی آخری تاریخ {{previousDueDate}} سے بدل کر {{dueDate}} کر دی گئی ہے۔",
  "text.task_completed": "کام “{{subject}}” مکمل قرار دے دیا گیا ہے۔",
  "text.task_progress": "{{by}} نے کام “{{subject}}” پر پیش رفت کی اطلاع دی ہے۔",
  "text.task_super_overdue":
    "کام “{{subject}}”، جس کی آخری تاریخ {{dueDate}} تھی، اب انتہائی تاخیر کا شکار ہے۔",
  "text.task_reply": "{{by}} نے “{{subject}}” پر جواب دیا۔",
  "text.extension_requested":
    "{{by}} نے “{{subject}}” کی آخری تاریخ {{previousDueDate}} سے {{dueDate}} کرنے کی درخواست کی ہے: {{reason}}",
  "text.extension_approved":
    "“{{subject}}” کے لیے آپ کی توسیع منظور ہو گئی: اب آخری تاریخ {{dueDate}} ہے۔",
  "text.extension_declined": "“{{subject}}” کے لیے آپ کی توسیع کی درخواست مسترد ہو گئی: {{reason}}",
  "text.digest": "آپ کا دن: آج {{dueToday}} کی آخری تاریخ، جلد {{dueSoon}}، تاخیر شدہ {{overdue}}۔",
  "text.engagement_created":
    "آپ مصروفیت “{{subject}}” کے مدعوین میں شامل ہیں، بتاریخ {{date}} بوقت {{time}}، بمقام {{venue}}۔",
  "text.engagement_changed":
    "مصروفیت “{{subject}}” میں تبدیلی کی گئی ہے: اب یہ بتاریخ {{date}} بوقت {{time}}، بمقام {{venue}} ہو گی۔",
  "text.engagement_postponed":
    "مصروفیت “{{subject}}” بتاریخ {{date}} بوقت {{time}} ملتوی کر دی گئی ہے۔",
  "text.engagement_cancelled":
    "مصروفیت “{{subject}}” بتاریخ {{date}} بوقت {{time}}، بمقام {{venue}}، منسوخ کر دی گئی ہے۔",
  "text.engagement_removed":
    "آپ اب مصروفیت “{{subject}}” بتاریخ {{date}} بوقت {{time}} کے مدعوین میں شامل نہیں۔",
  "subject.task_assigned": "نیا کام: {{subject}}",
  "subject.task_unassigned": "کام کی دوبارہ تفویض: {{subject}}",
  "subject.task_due_date_changed": "آخری تاریخ میں تبدیلی: {{subject}}",
  "subject.task_completed": "کام مکمل: {{subject}}",
  "subject.task_progress": "پیش رفت کی اطلاع: {{subject}}",
  "subject.task_super_overdue": "انتہائی تاخیر: {{subject}}",
  "subject.task_reply": "آپ کے کام پر جواب: {{subject}}",
  "subject.extension_requested": "توسیع کی درخواست: {{subject}}",
  "subject.extension_approved": "توسیع منظور: {{subject}}",
  "subject.extension_declined": "توسیع مسترد: {{subject}}",
  "subject.engagement_created": "نئی مصروفیت: {{subject}}",
  "subject.engagement_changed": "مصروفیت میں تبدیلی: {{subject}}",
  "subject.engagement_postponed": "مصروفیت ملتوی: {{subject}}",
  "subject.engagement_cancelled": "مصروفیت منسوخ: {{subject}}",
  "mail.openTask": "کام کھولیں",
  "mail.openEngagementChart": "مصروفیات چارٹ کھولیں",
  "mail.calendarAttached":
    "مصروفیت کیلنڈر فائل کی صورت میں منسلک ہے: اسے اپنے کیلنڈر میں شامل یا تازہ کرنے کے لیے کھولیں۔",
  "mail.preferences":
    "آپ کو یہ ای میل اپنی اطلاعات کی ترجیحات کے مطابق موصول ہوئی ہے۔ انہیں یہاں تبدیل کریں:",
  "digest.subject": "{{date}} کا روزانہ خلاصہ",
  "digest.intro": "آج توجہ کے منتظر امور یہ ہیں۔",
  "digest.dueToday": "آج آخری تاریخ",
  "digest.dueSoon_one": "{{count}} کاری دن کے اندر آخری تاریخ",
  "digest.dueSoon_other": "{{count}} کاری دنوں کے اندر آخری تاریخ",
  "digest.overdue": "تاخیر شدہ",
  "digest.dueOn": "{{subject}} (آخری تاریخ {{dueDate}})",
  "digest.overdueBy_one": "{{subject}} (آخری تاریخ {{dueDate}}، {{count}} کاری دن تاخیر)",
  "digest.overdueBy_other": "{{subject}} (آخری تاریخ {{dueDate}}، {{count}} کاری دن تاخیر)",
  "digest.more_one": "اور {{count}} مزید",
  "digest.more_other": "اور {{count}} مزید",
  "digest.department": "محکمے کا خلاصہ",
  "digest.newlyOverdue": "نئے تاخیر شدہ: {{count}}",
  "digest.superOverdue": "انتہائی تاخیر شدہ: {{count}}",
  "digest.completedSince": "{{date}} سے اب تک مکمل: {{count}}",
  "digest.longestOverdue": "سب سے زیادہ تاخیر والے",
  "digest.longestOverdueItem":
    "{{subject}}، {{assignee}} (آخری تاریخ {{dueDate}}، {{count}} کاری دن تاخیر)",
  "digest.openTasks": "کام کھولیں",
  "escalation.subject_one": "{{count}} کام اب انتہائی تاخیر کا شکار ہے",
  "escalation.subject_other": "{{count}} کام اب انتہائی تاخیر کا شکار ہیں",
  "escalation.intro_one":
    "یہ کام اپنی آخری تاریخ سے {{count}} یا زیادہ کاری دن آگے نکل چکے ہیں اور اب انتہائی تاخیر شدہ ہیں:",
  "escalation.intro_other":
    "یہ کام اپنی آخری تاریخ سے {{count}} یا زیادہ کاری دن آگے نکل چکے ہیں اور اب انتہائی تاخیر شدہ ہیں:",
  "escalation.item": "{{subject}}، {{assignee}} (آخری تاریخ {{dueDate}})",
  notFound: "اطلاع نہیں ملی",
  markedRead: "اطلاع پڑھی ہوئی قرار دے دی گئی",
  allMarkedRead: "تمام اطلاعات پڑھی ہوئی قرار دے دی گئیں",
  preferencesSaved: "اطلاعات کی ترجیحات محفوظ کر دی گئیں",
  "bell.label_zero": "اطلاعات",
  "bell.label_one": "اطلاعات، {{count}} غیر پڑھی ہوئی",
  "bell.label_other": "اطلاعات، {{count}} غیر پڑھی ہوئی",
  "panel.title": "اطلاعات",
  "action.markAllRead": "سب کو پڑھا ہوا قرار دیں",
  "action.preferences": "اطلاعات کی ترجیحات",
  "list.empty": "ابھی آپ کے لیے کوئی اطلاع نہیں۔",
  "list.failed": "اطلاعات حاصل نہیں کی جا سکیں",
  "item.unread": "غیر پڑھی ہوئی",
  "item.time": "{{date}}، {{time}}",
  markReadFailed: "اطلاع کو پڑھا ہوا قرار نہیں دیا جا سکا",
  markAllReadFailed: "اطلاعات کو پڑھا ہوا قرار نہیں دیا جا سکا",
  "preferences.intro":
    "منتخب کریں کہ کون سی اطلاعات آپ کو ای میل پر بھی موصول ہوں۔ آپ کا انتخاب کچھ بھی ہو، تمام اطلاعات ہیڈر میں گھنٹی کے نشان کے تحت نظر آتی رہیں گی۔",
  "preferences.emailHeading": "ای میل کے ذریعے اطلاعات",
  "preferences.noMailTitle": "آپ کے اکاؤنٹ میں ای میل پتا درج نہیں",
  "preferences.noMail":
    "آپ کا اکاؤنٹ یوزر آئی ڈی سے سائن اِن ہوتا ہے اور اس میں کوئی ای میل پتا درج نہیں، اس لیے آپ کی اطلاعات صرف ایپ کے اندر گھنٹی کے نشان کے تحت نظر آئیں گی۔",
  "preferences.loadFailed": "آپ کی اطلاعات کی ترجیحات حاصل نہیں کی جا سکیں",
  "preferences.saveFailed": "آپ کی اطلاعات کی ترجیحات محفوظ نہیں کی جا سکیں",
  "email.task_assigned": "مجھے نیا کام تفویض ہونے پر",
  "email.task_assigned.hint":
    "جب کوئی کام آپ کو تفویض کیا جائے، خواہ نیا ہو یا کسی اور سے منتقل کیا گیا ہو۔",
  "email.task_unassigned": "میرا کام کسی اور کو تفویض ہونے پر",
  "email.task_unassigned.hint": "جب آپ کا کوئی کام کسی دوسرے فرد کو تفویض کر دیا جائے۔",
  "email.task_due_date_changed": "میرے کام کی آخری تاریخ بدلنے پر",
  "email.task_due_date_changed.hint": "جب آپ کے کسی کام کی آخری تاریخ تبدیل کی جائے۔",
  "email.task_completed": "میرا کام مکمل قرار دیے جانے پر",
  "email.task_completed.hint": "جب آپ کا کوئی کام مکمل قرار دے دیا جائے۔",
  "email.task_progress": "میرے بنائے ہوئے کاموں پر پیش رفت",
  "email.task_progress.hint":
    "جب آپ کے بنائے ہوئے کسی کام پر متعلقہ فرد پیش رفت کی اطلاع دے؛ 15 منٹ کے اندر کی اطلاعات ایک ہی ای میل میں بھیجی جاتی ہیں۔",
  "email.task_super_overdue": "کام انتہائی تاخیر کا شکار ہونے پر",
  "email.task_super_overdue.hint":
    "جب آپ کا بنایا ہوا، یا آپ کی نگرانی میں کوئی کام انتہائی تاخیر کا شکار ہو جائے۔",
  "email.task_reply": "میرے کام پر جواب",
  "email.task_reply.hint": "جب کوئی منتظم آپ کے کسی کام کی پیش رفت کے سلسلے میں جواب دے۔",
  "email.extension_requested": "میرے بنائے ہوئے کام پر توسیع کی درخواست",
  "email.extension_requested.hint": "جب آپ کے بنائے ہوئے کام کا ذمہ دار بعد کی آخری تاریخ مانگے۔",
  "email.extension_approved": "میری توسیع کی درخواست منظور",
  "email.extension_approved.hint": "جب بعد کی آخری تاریخ کے لیے آپ کی درخواست منظور ہو۔",
  "email.extension_declined": "میری توسیع کی درخواست مسترد",
  "email.extension_declined.hint": "جب بعد کی آخری تاریخ کے لیے آپ کی درخواست مسترد ہو۔",
  "email.digest": "روزانہ خلاصہ",
  "email.digest.hint":
    "ہر کاری دن کی صبح آپ کے کاموں کا خلاصہ: جن کی آخری تاریخ آج ہے یا قریب ہے، اور جو تاخیر کا شکار ہیں۔",
  "email.daily_brief": "سیکرٹری کی روزانہ بریف",
  "email.daily_brief.hint":
    "ہر کاری دن صبح 08:00 بجے ایک صفحے کی بریف: مصروفیات، آخری تاریخ والے اور تاخیر شدہ کام، فیصلے۔",
  "email.engagement_created": "مجھے کسی نئی مصروفیت میں مدعو کیے جانے پر",
  "email.engagement_created.hint": "جب آپ کو کسی مصروفیت کے مدعوین میں شامل کیا جائے۔",
  "email.engagement_changed": "میری مصروفیت میں تبدیلی پر",
  "email.engagement_changed.hint":
    "جب آپ کی کسی مصروفیت کی تاریخ، وقت، مقام، موضوع یا کیفیت تبدیل ہو، یا آپ کو اس کے مدعوین سے خارج کیا جائے۔",
  "email.engagement_postponed": "میری مصروفیت ملتوی ہونے پر",
  "email.engagement_postponed.hint": "جب آپ کی کوئی مصروفیت ملتوی کی جائے۔",
  "email.engagement_cancelled": "میری مصروفیت منسوخ ہونے پر",
  "email.engagement_cancelled.hint": "جب آپ کی کوئی مصروفیت منسوخ یا حذف کی جائے۔",
} satisfies CatalogOf<typeof en>;
