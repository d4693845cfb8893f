/**
 * Taps that come before a control's script has started (scripts start after the first paint, see
 * scripts/lib/script-priority.ts) are kept and replayed once the script has bound its handlers.
 *
 * A control marked `data-early` (the header's theme toggle and language switch, the buy box's
 * buttons) is watched by the inline head script below: a click on it (a tap, or Enter or Space,
 * which browsers turn into a click) before its script has started is kept, once per control, and
 * its default (a link's navigation, a form's submission) prevented. The control's script calls
 * `replayEarlyTaps` once its handlers are bound: the attribute goes, so later clicks reach the
 * handlers directly, and each kept tap is clicked again, once. The header's menus, search form and
 * cart link do not need it: they work without scripts.
 */
export const EARLY_ATTR = 'data-early';
/** The window property the head script keeps the tapped controls in, in the order tapped. */
const QUEUE = 'earlyTaps';

/** Inline head script (on every page, so kept tiny); modified clicks (a new tab) are left alone. */
export const EARLY_TAPS_SCRIPT = `addEventListener("click",e=>{const t=e.target.closest?.("[${EARLY_ATTR}]");if(t&&!(e.ctrlKey||e.metaKey||e.shiftKey)){e.preventDefault();const q=window.${QUEUE}||=[];q.includes(t)||q.push(t)}},true)`;

type EarlyWindow = Window & { [QUEUE]?: Element[] };

/** `controls` now have their handlers: they stop being watched, and each tap kept for them is replayed once. */
export function replayEarlyTaps(controls: Iterable<Element | null | undefined>): void {
  const mine = new Set<Element>();
  for (const c of controls) {
    if (!c) continue;
    c.removeAttribute(EARLY_ATTR);
    mine.add(c);
  }
  const w = window as EarlyWindow;
  const kept = w[QUEUE] ?? [];
  w[QUEUE] = kept.filter((t) => !mine.has(t));
  for (const t of kept) if (mine.has(t)) (t as HTMLElement).click();
}
