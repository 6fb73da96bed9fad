import type { CatalogOf } from "../../catalog";
import type en from "../en/markings";

export default {
  "field.to": "مارک کریں بنام",
  "field.purpose": "مقصد",
  "field.remark": "ریمارکس",
  "field.reason": "وجہ",
  "field.outcome": "آپ کا جواب",
  "kind.assigned": "تفویض کیا",
  "kind.marked": "مارک کیا",
  "kind.returned": "واپس بھیجا",
  "kind.pulled_back": "واپس لیا",
  "outcome.approved": "منظور",
  "outcome.approved_with_changes": "ترامیم کے ساتھ منظور",
  "outcome.returned_with_comments": "رائے کے ساتھ واپس",
  "outcome.signed": "دستخط",
  "error.invalidTo": "وہ شخص منتخب کریں جسے مارک کرنا ہے",
  "error.toSelf": "یہ پہلے ہی اسی شخص کے پاس ہے",
  "error.invalidOutcome": "اپنا جواب منتخب کریں",
  "error.outcomeNotForPurpose": "یہ جواب اس مقصد کے مطابق نہیں جس کے لیے مارک کیا گیا",
  "error.notHolder": "یہ کام صرف وہی کر سکتا ہے جس کے پاس یہ ہے، یا ایڈمنسٹریٹر",
  "error.consultOnward":
    "یہ آپ کو رائے، منظوری یا دستخط کے لیے آیا ہے: انہی میں سے کسی مقصد کے لیے آگے مارک کریں، یا جواب دیں",
  "error.notConsult": "یہ آپ کو رائے، منظوری یا دستخط کے لیے مارک نہیں کیا گیا",
  "error.notInformation": "صرف برائے اطلاع مارک شدہ چیز دیکھ کر بند کی جاتی ہے",
  "error.onlyIssuerCloses":
    "یہ آپ کو رائے، منظوری یا دستخط کے لیے مارک کیا گیا ہے: جواب دیں، اور مارک کرنے والا ہی اسے بند کرے گا",
  "error.notSender": "صرف مارک کرنے والا ہی اسے واپس لے سکتا ہے",
  "error.alreadyOpened": "یہ کھولا جا چکا ہے، اس لیے اب واپس نہیں لیا جا سکتا",
  "error.cannotPullBack": "صرف آگے کی گئی مارکنگ واپس لی جا سکتی ہے",
  "error.reasonRequired": "وجہ بتائیں",
  "error.completed": "یہ ٹاسک مکمل ہو چکا ہے",
  "toast.marked": "{{name}} کو مارک کر دیا",
  "toast.pulledBack": "واپس لے لیا",
  "toast.returned": "{{name}} کو واپس بھیج دیا",
  "toast.closedAsSeen": "دیکھ کر بند کر دیا",
} satisfies CatalogOf<typeof en>;
