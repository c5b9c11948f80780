import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWedgeDetector, isTextEntry, useWedgeScanner } from './wedge.ts';

// The keyboard-wedge scanner: a burst of ≥ 4 printable keys < 50 ms apart ended by Enter is a scan; a person typing
// is not; keys in a text box are the box's.

/** Feeds keys `gap` ms apart, starting at t0; answers what the detector answered for each. */
function feed(keys: string[], gap: number, detector = createWedgeDetector(), t0 = 1000) {
  return keys.map((key, i) => detector.key({ key, timeStamp: t0 + i * gap }));
}
const keysOf = (code: string) => [...code, 'Enter'];

describe('createWedgeDetector', () => {
  it('reads a fast burst ended by Enter as a scan', () => {
    const out = feed(keysOf('M250101-AB12'), 8);
    expect(out.slice(0, -1).every((x) => x === null)).toBe(true);
    expect(out.at(-1)).toBe('M250101-AB12');
  });

  it('ignores a person typing (keys 50 ms or more apart)', () => {
    expect(feed(keysOf('ABCDEF'), 50).at(-1)).toBeNull();
    expect(feed(keysOf('ABCDEF'), 120).at(-1)).toBeNull();
  });

  it('needs at least four characters', () => {
    expect(feed(keysOf('ABC'), 5).at(-1)).toBeNull();
    expect(feed(keysOf('ABCD'), 5).at(-1)).toBe('ABCD');
  });

  it('starts over after a pause, so slow keys before a burst are not part of it', () => {
    const d = createWedgeDetector();
    d.key({ key: 'x', timeStamp: 0 });
    d.key({ key: 'y', timeStamp: 400 });
    expect(feed(keysOf('CODE1'), 5, d, 2000).at(-1)).toBe('CODE1');
  });

  it('needs the Enter quickly after the last key', () => {
    const d = createWedgeDetector();
    feed(['A', 'B', 'C', 'D'], 5, d, 0);
    expect(d.key({ key: 'Enter', timeStamp: 500 })).toBeNull();
  });

  it('lets Shift pass between keys but ends the burst on other keys and shortcuts', () => {
    const d = createWedgeDetector();
    expect(feed(['A', 'Shift', 'B', 'C', 'D', 'Enter'], 5, d).at(-1)).toBe('ABCD');
    expect(feed(['A', 'B', 'Tab', 'C', 'D', 'Enter'], 5).at(-1)).toBeNull();
    const e = createWedgeDetector();
    feed(['A', 'B', 'C'], 5, e, 0);
    e.key({ key: 'v', timeStamp: 15, ctrlKey: true });
    expect(e.key({ key: 'Enter', timeStamp: 20 })).toBeNull();
  });

  it('reads two scans in a row', () => {
    const d = createWedgeDetector();
    expect(feed(keysOf('FIRST'), 5, d, 0).at(-1)).toBe('FIRST');
    expect(feed(keysOf('SECOND'), 5, d, 1000).at(-1)).toBe('SECOND');
  });
});

describe('isTextEntry', () => {
  it('knows text boxes from buttons', () => {
    expect(isTextEntry(document.createElement('input'))).toBe(true);
    expect(isTextEntry(document.createElement('textarea'))).toBe(true);
    const check = document.createElement('input');
    check.type = 'checkbox';
    expect(isTextEntry(check)).toBe(false);
    expect(isTextEntry(document.createElement('button'))).toBe(false);
    expect(isTextEntry(document.body)).toBe(false);
  });
});

function Listener({ onScan }: { onScan: (code: string) => void }) {
  useWedgeScanner(onScan);
  return (
    <div>
      <button type="button" data-testid="button">
        press
      </button>
      <input data-testid="box" />
    </div>
  );
}

describe('useWedgeScanner', () => {
  afterEach(cleanup);

  const type = (target: Element, code: string) => {
    const results: boolean[] = [];
    for (const key of keysOf(code)) results.push(fireEvent.keyDown(target, { key }));
    return results;
  };

  it('hears a scan made on a focused button and swallows its Enter', () => {
    const onScan = vi.fn();
    const onClick = vi.fn();
    const { getByTestId } = render(<Listener onScan={onScan} />);
    getByTestId('button').addEventListener('keydown', onClick);
    const notPrevented = type(getByTestId('button'), 'PKG-0001');
    expect(onScan).toHaveBeenCalledWith('PKG-0001');
    // Enter was prevented and did not reach the button.
    expect(notPrevented.at(-1)).toBe(false);
    expect(onClick).toHaveBeenCalledTimes(8);
  });

  it('leaves keys typed into a text box to the box', () => {
    const onScan = vi.fn();
    const { getByTestId } = render(<Listener onScan={onScan} />);
    type(getByTestId('box'), 'PKG-0001');
    expect(onScan).not.toHaveBeenCalled();
  });

  it('stops listening when unmounted', () => {
    const onScan = vi.fn();
    const { unmount } = render(<Listener onScan={onScan} />);
    unmount();
    type(document.body, 'PKG-0001');
    expect(onScan).not.toHaveBeenCalled();
  });
});
