import type { CatalogOf } from "../../catalog";
import type en from "../en/exports";

export default {
  "column.tasks": "کام",
  "column.decisionsAssigned": "سونپے گئے فیصلے",
  "column.decisionsDone": "مکمل فیصلے",
  "column.previousCompletionRate": "گزشتہ تکمیل کی شرح",
  "column.workingDaysPastDue": "مقررہ تاریخ کے بعد کام کے دن",
  "error.badIds": "کاموں کو ان کی شناخت سے منتخب کریں، کوموں سے الگ کر کے",
  "error.tooManyIds": "ایک وقت میں زیادہ سے زیادہ 1,000 منتخب کام برآمد کریں",
} satisfies CatalogOf<typeof en>;
