/**
 * What a page's main thread spent its time on, by trace event: each event's self time (its duration
 * less its children's on the same thread), summed by name over the whole load. Used by
 * `npm run trace` with TRACE_EVENTS=<n>, which records the `blink`, `v8` and `loading` categories
 * besides the timeline's: the native work that Lighthouse's breakdown calls "other" (a task's time
 * that no timeline event names) is then named, e.g. font look-ups, the HTML parser's chunks, an image's
 * decode, the preload scanner.
 */

export interface CompositionEvent {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
}

/** Categories recorded for the composition, besides the timeline's own. */
export const COMPOSITION_CATEGORIES = ['blink', 'v8', 'loading', 'fonts', 'disabled-by-default-fonts'];

/** A task of the thread's scheduler: the top of each stack. */
const isTask = (name: string) => name === 'RunTask' || name === 'ThreadControllerImpl::RunTask';

interface Span {
  name: string;
  start: number;
  end: number;
}

/** The thread's complete events and begin/end pairs as spans, in start order (outer before inner). */
function spans(events: CompositionEvent[]): Span[] {
  const out: Span[] = [];
  const open = new Map<string, CompositionEvent[]>();
  for (const e of [...events].sort((a, b) => a.ts - b.ts)) {
    if (e.ph === 'X' && e.dur !== undefined) out.push({ name: e.name, start: e.ts, end: e.ts + e.dur });
    else if (e.ph === 'B') open.set(e.name, [...(open.get(e.name) ?? []), e]);
    else if (e.ph === 'E') {
      const begun = open.get(e.name)?.pop();
      if (begun) out.push({ name: e.name, start: begun.ts, end: e.ts });
    }
  }
  return out.sort((a, b) => a.start - b.start || b.end - a.end);
}

/**
 * What a stretch of main-thread time is for, by the events it runs in: the first cause whose pattern
 * any event of its stack matches (the event itself or one it runs inside), so that a font look-up
 * made by a layout counts as fonts, and an SVG image's own layout as the SVG image.
 */
const CAUSES: [string, RegExp][] = [
  [
    'SVG images (a document each: parse, style, layout, text, paint)',
    /^(SVGImage::|IsolatedSVGDocumentHost|PaintImage$)/,
  ],
  [
    'fonts (look-ups, render styles, fallback)',
    /^(FontCache::|WebSandboxSupportLinux::|FontDataManager::|FontFallback|FontResource)/,
  ],
  ['text shaping', /^(InlineNode::Shape|HarfBuzz|ShapeResult|CachingWordShaper)/],
  [
    'script (compile, evaluate, callbacks)',
    /^(v8\.|V8\.|EvaluateScript$|FunctionCall$|FireIdleCallback$|TimerFire$|EventDispatch$|FireAnimationFrame$|RunMicrotasks$)/,
  ],
  ['layout', /^(Layout$|LocalFrameView::performLayout|LocalFrameView::layout)/],
  [
    'style',
    /^(UpdateLayoutTree$|Document::recalcStyle|Document::updateStyle|Document::rebuildLayoutTree|ParseAuthorStyleSheet$|StyleEngine)/,
  ],
  [
    'paint, pre-paint and commit',
    /^(Paint$|PrePaint$|Layerize$|Commit$|LocalFrameView::RunPaintLifecyclePhase|LocalFrameView::RunPrePaintLifecyclePhase|UpdateLayer)/,
  ],
  ['HTML parsing', /^(ParseHTML$|HTMLDocumentParser::|DecodedDataDocumentParser::|TextResourceDecoder)/],
  [
    'navigation (commit, document and window set-up)',
    /^(DocumentLoader::|Document::Initialize|Document::Document|LocalWindowProxy::|LocalDOMWindow)/,
  ],
  ['resource requests', /^(ResourceFetcher::|ResourceLoader::|ResponseBodyLoader::)/],
];
const OTHER_CAUSE = "none of these (the tasks' own native time)";

interface Composition {
  /** Main-thread time (µs) by cause (CAUSES). */
  causes: Map<string, number>;
  /** Self time (µs) by event name. */
  self: Map<string, number>;
  /** Total time (µs) by event name, an event inside one of the same name counted once. */
  total: Map<string, number>;
  /** The scheduler's tasks' total (µs). */
  tasksUs: number;
}

/** Self and total time by event name over one thread's events. */
export function composition(events: CompositionEvent[]): Composition {
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const stack: Span[] = [];
  let tasksUs = 0;
  const add = (m: Map<string, number>, name: string, us: number) => m.set(name, (m.get(name) ?? 0) + us);
  for (const s of spans(events)) {
    while (stack.length && (stack.at(-1) as Span).end <= s.start) stack.pop();
    const parent = stack.at(-1);
    // A child's time is its parent's no longer; a span that overlaps its parent's end is cut there.
    const end = parent ? Math.min(s.end, parent.end) : s.end;
    if (parent) add(self, parent.name, -(end - s.start));
    else if (isTask(s.name)) tasksUs += s.end - s.start;
    add(self, s.name, end - s.start);
    if (!stack.some((o) => o.name === s.name)) add(total, s.name, end - s.start);
    stack.push({ ...s, end });
  }
  return { causes: splitByCause(events), self, total, tasksUs };
}

/** The first cause (in CAUSES' order) that some event of the stack matches. */
function causeOf(stack: { name: string }[]): string {
  for (const [cause, pattern] of CAUSES) if (stack.some((e) => pattern.test(e.name))) return cause;
  return OTHER_CAUSE;
}

/** Main-thread time by cause: each event's self time, given to its stack's cause. */
function splitByCause(events: CompositionEvent[]): Map<string, number> {
  const out = new Map<string, number>();
  const stack: (Span & { cause: string; selfUs: number })[] = [];
  const close = () => {
    const done = stack.pop();
    if (done) out.set(done.cause, (out.get(done.cause) ?? 0) + done.selfUs);
  };
  for (const s of spans(events)) {
    while (stack.length && (stack.at(-1) as Span).end <= s.start) close();
    const parent = stack.at(-1);
    const end = parent ? Math.min(s.end, parent.end) : s.end;
    if (!parent && !isTask(s.name)) continue;
    if (parent) parent.selfUs -= end - s.start;
    stack.push({ ...s, end, cause: causeOf([...stack, s]), selfUs: end - s.start });
  }
  while (stack.length) close();
  return out;
}

/** Prints the `top` names with the most self time, as milliseconds and a share of the tasks' total. */
export function printComposition(events: CompositionEvent[], top: number, slowdown: number): void {
  const { causes, self, total, tasksUs } = composition(events);
  const ms = (us: number) => `${(Math.round(us / 100) / 10).toFixed(1)} ms`;
  const list = (m: Map<string, number>, n = top) => {
    for (const [name, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, n))
      console.log(`  ${ms(us).padStart(9)} ${((100 * us) / tasksUs).toFixed(1).padStart(5)} %  ${name}`);
  };
  console.log(`\nMain thread, whole load: tasks ${ms(tasksUs)} (CPU ×${slowdown}), by cause:`);
  list(causes, CAUSES.length + 1);
  console.log(`Self time by event, the ${top} largest:`);
  list(self);
  // What each event stands for with what it called: a cause (an SVG image's document, a font look-up)
  // is often an event whose own time is small and whose children's is not.
  const named = new Map([...total].filter(([name]) => !isTask(name) && !WRAPPERS.test(name)));
  console.log(`Total time by event (with what it called), the ${top} largest:`);
  list(named);
}

/** Events that wrap whatever a task runs, not a cause of their own. */
const WRAPPERS =
  /^(ThreadController|ThreadPool|SequenceManager|TaskQueue|Scheduler|RendererScheduler|ScheduledAction|AsyncTask|v8\.callFunction|FunctionCall|TimerBase::run|ResourceLoadScheduler)/;
