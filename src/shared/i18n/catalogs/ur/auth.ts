import type { CatalogOf } from "../../catalog";
import type en from "../en/auth";

export default {} satisfies CatalogOf<typeof en>;
