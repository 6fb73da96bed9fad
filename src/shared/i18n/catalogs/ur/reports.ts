import type { CatalogOf } from "../../catalog";
import type en from "../en/reports";

export default {
  fetchFailed: "کارکردگی رپورٹس حاصل نہیں ہو سکیں",
  badRange: "مدت 7، 30، 90 یا 365 دن ہونی چاہیے",

  "range.label": "مدت",
  range_one: "گزشتہ {{count}} دن",
  range_other: "گزشتہ {{count}} دن",
  "print.range": "مدت: {{range}}",
  period: "{{from}} تا {{to}}",

  "action.exportCsv": "CSV ایکسپورٹ کریں",
  "action.print": "رپورٹ پرنٹ کریں",

  "summary.people": "رپورٹ میں شامل افراد",
  "summary.totalTasks": "کل کام",
  "summary.completionRate": "تکمیل کی مجموعی شرح",
  "summary.onTimeRate": "بروقت تکمیل کی مجموعی شرح",

  "chart.title": "صارف وار تکمیل کی شرح",

  "table.label": "صارف وار کارکردگی",
  "table.empty": "اس مدت میں کوئی کام تفویض نہیں کیا گیا۔",
  "column.user": "صارف",
  "column.email": "ای میل",
  "column.total": "کل",
  "column.completed": "مکمل",
  "column.inProgress": "جاری",
  "column.overDue": "تاخیر شدہ",
  "column.completionRate": "تکمیل کی شرح",
  "column.onTime": "بروقت",
  "column.onTimeOriginal": "بروقت (اصل آخری تاریخ)",
  "column.extensions": "منظور شدہ توسیعات",
  "column.decisions": "فیصلوں پر عمل درآمد",
  "column.avgDays": "اوسط دن",
  "column.trend": "رجحان",
  "column.holdings": "پاس رہنے والی فائلیں",
  "column.avgDaysHeld": "پاس رہنے کے اوسط ورکنگ دن",
  "column.overLimit": "حد سے زیادہ دیر رکھی گئیں",
  "column.performance": "کارکردگی",
  notApplicable: "لاگو نہیں",

  "performance.excellent": "بہترین",
  "performance.good": "اچھی",
  "performance.average": "اوسط",
  "performance.needsImprovement": "بہتری درکار ہے",

  "trend.none": "گزشتہ مدت میں کوئی کام نہیں تھا",
  "trend.same": "گزشتہ مدت کے مقابلے میں کوئی تبدیلی نہیں",
  "trend.up_one": "گزشتہ مدت کے مقابلے میں {{count}} پوائنٹ اضافہ",
  "trend.up_other": "گزشتہ مدت کے مقابلے میں {{count}} پوائنٹ اضافہ",
  "trend.down_one": "گزشتہ مدت کے مقابلے میں {{count}} پوائنٹ کمی",
  "trend.down_other": "گزشتہ مدت کے مقابلے میں {{count}} پوائنٹ کمی",

  "csv.title": "کارکردگی رپورٹس، {{from}} تا {{to}}",
} satisfies CatalogOf<typeof en>;
