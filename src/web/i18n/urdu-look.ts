// Loaded only when Urdu is shown: the Nastaliq font files and the rules that use them.
import "./urdu-font.css";
import "./urdu.css";
