import { describe, expect, it } from 'vitest';
import { composition } from '../../scripts/lib/trace-composition.ts';

/** A complete trace event: `ts` and `dur` in µs. */
const x = (name: string, ts: number, dur: number) => ({ name, ph: 'X', ts, dur });

describe('the trace composition (npm run trace, TRACE_EVENTS)', () => {
  // One task: an SVG image's document with a font look-up in its layout, then a page layout with
  // another look-up and text shaping, and the task's own time (10 µs at the start, 5 at the end).
  const events = [
    x('RunTask', 0, 200),
    x('SVGImage::DataChanged', 10, 60),
    x('LocalFrameView::performLayout', 20, 40),
    x('FontCache::GetFontPlatformData', 30, 20),
    x('Layout', 70, 125),
    x('FontCache::GetFontPlatformData', 80, 30),
    x('InlineNode::ShapeTextIncludingFirstLine', 120, 50),
    x('v8.evaluateModule', 300, 40),
  ];
  const c = composition([...events, x('RunTask', 300, 50)]);

  it('gives each event its own time, without what it called', () => {
    expect(c.self.get('RunTask')).toBe(15 + 10);
    expect(c.self.get('FontCache::GetFontPlatformData')).toBe(50);
    expect(c.self.get('Layout')).toBe(125 - 30 - 50);
    expect(c.total.get('SVGImage::DataChanged')).toBe(60);
    expect(c.tasksUs).toBe(250);
  });

  it("puts an SVG image document's layout and font look-up under the SVG image, a page layout's look-up under fonts", () => {
    expect(Object.fromEntries(c.causes)).toEqual({
      'SVG images (a document each: parse, style, layout, text, paint)': 60,
      'fonts (look-ups, render styles, fallback)': 30,
      'text shaping': 50,
      layout: 45,
      'script (compile, evaluate, callbacks)': 40,
      "none of these (the tasks' own native time)": 25,
    });
  });
});
