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
  "text.digest": "آپ کا دن: آج {{dueToday}} کی آخری تاریخ، جلد {{dueSoon}}، تاخیر شدہ {{overdue}}۔",
  "subject.task_assigned": "نیا کام: {{subject}}",
  "subject.task_unassigned": "کام کی دوبارہ تفویض: {{subject}}",
  "subject.task_due_date_changed": "آخری تاریخ میں تبدیلی: {{subject}}",
  "subject.task_completed": "کام مکمل: {{subject}}",
  "subject.task_progress": "پیش رفت کی اطلاع: {{subject}}",
  "subject.task_super_overdue": "انتہائی تاخیر: {{subject}}",
  "mail.openTask": "کام کھولیں",
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
} satisfies CatalogOf<typeof en>;
