import type { CatalogOf } from "../../catalog";
import type en from "../en/dashboard";

export default {
  title: "ٹاسک مینیجر ڈیش بورڈ",
  welcome: "خوش آمدید، {{name}} - {{role}}",
  "roleName.user": "صارف",
  "roleName.organization_head": "سربراہِ ادارہ",
  "roleName.admin": "منتظم",
  departmentFigures: "محکمے کے اعداد و شمار",
  yourFigures: "آپ کے اعداد و شمار",
  dueNext: "آئندہ آخری تاریخیں",
  noOpenTasks: "کوئی نامکمل کام نہیں۔",
  due: "آخری تاریخ: {{date}}",
  assigneeDue: "{{name}} · آخری تاریخ: {{date}}",
  "roleCard.admin.title": "انتظامی اختیارات",
  "roleCard.admin.description":
    "کام بنائیں اور تفویض کریں، صارفین اور مصروفیات کا انتظام کریں، اور رپورٹس دیکھیں۔",
  "roleCard.admin.action": "ایڈمن پینل پر جائیں",
  "roleCard.organization_head.title": "ادارے کا جائزہ",
  "roleCard.organization_head.description": "محکمے کے ہر کام اور اس کی پیش رفت پر نظر رکھیں۔",
  "roleCard.organization_head.action": "ادارے کا ڈیش بورڈ دیکھیں",
  "roleCard.user.title": "میرے کام",
  "roleCard.user.description": "اپنے تفویض کردہ کام دیکھیں اور ان کی پیش رفت درج کریں۔",
  "roleCard.user.action": "میرے کام دیکھیں",
} satisfies CatalogOf<typeof en>;
