import type { CatalogOf } from "../../catalog";
import type en from "../en/exports";

export default {} satisfies CatalogOf<typeof en>;
