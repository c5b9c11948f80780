import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter, useLocation, useNavigationType } from 'react-router';
import { type SetUrlState, useUrlState } from './url-state.ts';

type State = { page: number; size: number; q: string | undefined; roleId: number | undefined };
const DEFAULTS: State = { page: 1, size: 20, q: undefined, roleId: undefined };

let setA: SetUrlState<State> = () => undefined;
let setB: SetUrlState<{ sort: string }> = () => undefined;
let seen: State | null = null;
let seenB: { sort: string } | null = null;

function Probe() {
  const location = useLocation();
  const type = useNavigationType();
  return (
    <output data-testid="url" data-type={type}>
      {location.search}
    </output>
  );
}

function PageState() {
  const [values, set] = useUrlState<State>(DEFAULTS, { numbers: ['roleId'] });
  seen = values;
  setA = set;
  return null;
}

function TableState() {
  const [values, set] = useUrlState({ sort: '' }, { prefix: 'codes' });
  seenB = values;
  setB = set;
  return null;
}

function mount(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <PageState />
      <TableState />
      <Probe />
    </MemoryRouter>,
  );
}

const search = () => screen.getByTestId('url').textContent;

describe('useUrlState', () => {
  afterEach(cleanup);

  it('reads values typed like their defaults and falls back to the default for a missing or bad value', () => {
    mount('/x?page=3&q=123&roleId=7&size=abc&codes.sort=-name');
    expect(seen).toEqual({ page: 3, size: 20, q: '123', roleId: 7 });
    expect(seenB).toEqual({ sort: '-name' });
  });

  it('shows the defaults for a plain link', () => {
    mount('/x');
    expect(seen).toEqual(DEFAULTS);
    expect(seenB).toEqual({ sort: '' });
  });

  it('writes only values that differ from the defaults, keeping the other params', () => {
    mount('/x?codes.sort=name&fromElsewhere=1');
    act(() => setA({ page: 2, q: 'kim', size: 20 }));
    expect(search()).toBe('?codes.sort=name&fromElsewhere=1&page=2&q=kim');
    act(() => setA({ page: 1, q: '' }));
    expect(search()).toBe('?codes.sort=name&fromElsewhere=1');
    expect(seen).toEqual(DEFAULTS);
  });

  it('keeps both of two changes made in the same tick by different owners', () => {
    mount('/x');
    act(() => {
      setA({ roleId: 4, page: 1 });
      setB({ sort: '-code' });
      setA({ q: 'lee' });
    });
    expect(new URLSearchParams(search() ?? '').toString()).toBe('roleId=4&codes.sort=-code&q=lee');
    expect(seen?.roleId).toBe(4);
    expect(seenB?.sort).toBe('-code');
  });

  it('replaces the history entry unless asked to push', () => {
    mount('/x');
    act(() => setA({ q: 'a' }));
    expect(screen.getByTestId('url')).toHaveAttribute('data-type', 'REPLACE');
    act(() => setA({ page: 4 }, { push: true }));
    expect(screen.getByTestId('url')).toHaveAttribute('data-type', 'PUSH');
    expect(search()).toBe('?q=a&page=4');
  });
});
