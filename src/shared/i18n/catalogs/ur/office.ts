import type { CatalogOf } from "../../catalog";
import type en from "../en/office";

export default {
  "field.holidayName": "تعطیل کا نام",
  "holidays.added": "تعطیل کامیابی سے شامل کر دی گئی",
  "holidays.updated": "تعطیل کامیابی سے اپ ڈیٹ کر دی گئی",
  "holidays.deleted": "تعطیل کامیابی سے حذف کر دی گئی",
  "holidays.notFound": "تعطیل نہیں ملی",
  "holidays.taken": "{{date}} پہلے سے تعطیل ہے",
  "holidays.imported_one": "{{count}} تعطیل درآمد کی گئی",
  "holidays.imported_other": "{{count}} تعطیلات درآمد کی گئیں",
  "holidays.dateInvalid": "درست تاریخ درج کریں (YYYY-MM-DD)",
  "holidays.nameRequired": "براہِ کرم تعطیل کا نام درج کریں",
  "holidays.nameTooLong": "تعطیل کا نام زیادہ سے زیادہ 100 حروف کا ہو سکتا ہے",
  "holidays.importEmpty": "کوئی تعطیل نہیں ملی: ہر سطر میں تاریخ، نام درج کریں",
  "holidays.importLine": "سطر {{line}}: {{problem}}",
  "holidays.importDuplicate": "{{date}} فہرست میں دو بار درج ہے",
  "settings.saved": "ترتیبات کامیابی سے محفوظ کر دی گئیں",
  "settings.everyDayOff": "ہفتے کا کم از کم ایک دن کاری دن ہونا چاہیے",
  "settings.thresholdRange": "1 سے 365 تک کاری دنوں کی مکمل تعداد درج کریں",
  "settings.timeInvalid": "وقت HH:MM (24 گھنٹے) کی صورت میں درج کریں",
  "outbox.resent": "پیغام دوبارہ بھیجنے کے لیے قطار میں لگا دیا گیا",
  "outbox.notResendable": "صرف ناکام پیغام ہی دوبارہ بھیجا جا سکتا ہے",
  "outbox.notFound": "پیغام نہیں ملا",
  "outbox.placeholderNotSent":
    "جن افراد کے پاس صرف یوزر آئی ڈی ہے ان کا کوئی ای میل پتا نہیں: انہیں صرف ایپ کے اندر اطلاعات ملتی ہیں، اور ان کے لیے کوئی ای میل قطار میں نہیں لگتی۔",
} satisfies CatalogOf<typeof en>;
