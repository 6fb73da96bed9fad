// Loaded only when Urdu is shown: the Nastaliq font files and the rules that use them.
import "@fontsource/noto-nastaliq-urdu/400.css";
import "@fontsource/noto-nastaliq-urdu/700.css";
import "./urdu.css";
