import type { CatalogOf } from "../../catalog";
import type en from "../en/views";

export default {} satisfies CatalogOf<typeof en>;
