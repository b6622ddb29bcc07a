import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { OrdersPager, pageParam } from './orders-pages';

const render = (page: number, total: number) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <OrdersPager page={page} total={total} pageSize={20} />
    </MemoryRouter>,
  );

describe('the member orders pages (20 a page, newest first)', () => {
  it('shows no pager when every order fits on the first page', () => {
    expect(render(1, 0)).toBe('');
    expect(render(1, 20)).toBe('');
  });

  it('links to older orders from the first page and back to newer ones from the last', () => {
    const first = render(1, 45);
    expect(first).toContain('Page 1 of 3, 45 orders');
    expect(first).toContain('href="/dashboard/orders?page=2"');
    expect(first).not.toContain('Newer orders');
    const middle = render(2, 45);
    expect(middle).toContain('href="/dashboard/orders"');
    expect(middle).toContain('href="/dashboard/orders?page=3"');
    const last = render(3, 45);
    expect(last).toContain('href="/dashboard/orders?page=2"');
    expect(last).not.toContain('Older orders');
  });

  it('from a page past the end, offers the last page without claiming to be on it', () => {
    const past = render(9, 21);
    expect(past).toContain('href="/dashboard/orders?page=2"');
    expect(past).not.toContain('Page 9');
    expect(past).toContain('21 orders');
  });

  it('reads ?page= as a whole number from 1 to 1000, anything else as the first page', () => {
    expect(pageParam('3')).toBe(3);
    for (const bad of [null, '', '0', '-1', '2.5', 'abc', '1001']) expect(pageParam(bad)).toBe(1);
  });
});
