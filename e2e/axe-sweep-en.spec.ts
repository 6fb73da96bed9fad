import { sweepIn } from "./support/axe-sweep";

// Every page and dialog in English (e2e/support/axe-sweep.ts).
sweepIn("en");
