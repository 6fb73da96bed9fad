import type { CatalogOf } from "../../catalog";
import type en from "../en/pendency";

export default {} satisfies CatalogOf<typeof en>;
