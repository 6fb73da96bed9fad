import type { CatalogOf } from "../../catalog";
import type en from "../en/engagements";

export default {} satisfies CatalogOf<typeof en>;
