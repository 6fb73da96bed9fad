import type { CatalogOf } from "../../catalog";
import type en from "../en/brief";

export default {} satisfies CatalogOf<typeof en>;
