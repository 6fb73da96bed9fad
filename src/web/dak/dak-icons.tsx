import { Icon } from "../ui/icons";

/** An open book: the diary register of letters received. */
export function DiaryIcon() {
  return (
    <Icon>
      <path d="M3 5c3-1.5 6-1.5 9 1 3-2.5 6-2.5 9-1v14c-3-1.5-6-1.5-9 1-3-2.5-6-2.5-9-1z" />
      <path d="M12 6v14" />
    </Icon>
  );
}

/** An envelope with an arrow: the dispatch register of letters sent. */
export function DispatchIcon() {
  return (
    <Icon>
      <rect x={3} y={6} width={14} height={12} rx={1.5} />
      <path d="M3 7l7 5 7-5" />
      <path d="M17 12h5M19.5 9.5L22 12l-2.5 2.5" />
    </Icon>
  );
}

/** A magnifying glass: the header's search. */
export function SearchIcon() {
  return (
    <Icon size={16}>
      <circle cx={11} cy={11} r={6} />
      <path d="M20 20l-4.5-4.5" />
    </Icon>
  );
}
