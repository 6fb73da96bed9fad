import type { CatalogOf } from "../../catalog";
import type en from "../en/brief";

export default {
  dateInvalid: "درست تاریخ درج کریں (yyyy-MM-dd)",
  heading: "سیکرٹری کی روزانہ بریف",
  forDate: "بتاریخ {{date}}",
  notWorkingDay: "{{date}} اس دفتر میں کام کا دن نہیں ہے۔",
  "field.date": "تاریخ",
  print: "پرنٹ کریں",
  loadFailed: "بریف لوڈ نہیں ہو سکی۔",
  none: "کوئی نہیں",
  more_one: "اور {{count}} مزید",
  more_other: "اور {{count}} مزید",
  "section.engagementsToday": "آج کی مصروفیات",
  "section.engagementsTomorrow": "کل کی مصروفیات",
  "section.engagementsUntil": "{{date}} تک آنے والی مصروفیات",
  "section.dueToday": "آج واجب الادا کام",
  "section.newlyOverdue": "{{date}} سے نئے تاخیر شدہ کام",
  "section.superOverdue": "انتہائی تاخیر شدہ (کل {{total}})",
  "section.decisionsThisWeek": "اس ہفتے واجب الادا فیصلے ({{from}} تا {{to}})",
  "section.longestPending": "سب سے زیادہ عرصے سے زیرِ التوا پانچ کام",
  "section.dak": "آج درج شدہ ڈاک (کل {{total}})",
  "item.dakCategory": "{{category}}: {{count}}",
  "item.dakMarkedOpen_one": "{{count}} مراسلہ افسر کو مارک شدہ، ابھی نمٹایا نہیں گیا",
  "item.dakMarkedOpen_other": "{{count}} مراسلے افسران کو مارک شدہ، ابھی نمٹائے نہیں گئے",
  "item.engagement": "{{time}} {{subject}}، {{venue}} ({{status}})",
  "item.engagementDated": "{{date}}، {{time}} {{subject}}، {{venue}} ({{status}})",
  "item.task": "{{subject}}، ذمہ دار: {{assignee}}",
  "item.taskOverdue_one":
    "{{subject}}، ذمہ دار: {{assignee}}، آخری تاریخ {{dueDate}}، {{count}} کام کا دن تاخیر",
  "item.taskOverdue_other":
    "{{subject}}، ذمہ دار: {{assignee}}، آخری تاریخ {{dueDate}}، {{count}} کام کے دن تاخیر",
  "item.decision":
    "{{description}}، ذمہ دار: {{owner}}، آخری تاریخ {{dueDate}} (اجلاس: {{meeting}})",
  "item.decisionNoOwner": "{{description}}، آخری تاریخ {{dueDate}} (اجلاس: {{meeting}})",
  "mail.subject": "روزانہ بریف بتاریخ {{date}}",
  "mail.intro": "{{date}} کے لیے محکمے کی بریف۔",
  "mail.open": "روزانہ بریف کھولیں",
} satisfies CatalogOf<typeof en>;
