import { sweepIn } from "./support/axe-sweep";

// Every page and dialog in Urdu (e2e/support/axe-sweep.ts).
sweepIn("ur");
