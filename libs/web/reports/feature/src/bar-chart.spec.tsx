import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { BarChart } from './bar-chart.js';

describe('BarChart', () => {
  const data = [
    { key: 'a', label: 'Part-145 Initial Training', value: 100, note: '1 learner, 1 completed' },
    { key: 'b', label: 'Part-66 Module 7', value: 25 },
    { key: 'c', label: 'Over the top', value: 180 },
  ];

  it('is one image named by its title and described by every bar in words', () => {
    render(<BarChart title="Progress by course" data={data} />);
    const chart = screen.getByRole('img', { name: 'Progress by course' });
    expect(chart.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(chart.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Part-145 Initial Training: 100 % (1 learner, 1 completed); Part-66 Module 7: 25 %; Over the top: 180 %',
    );
  });

  it('draws each bar in proportion to the maximum, never past the track nor below zero', () => {
    const { container } = render(<BarChart title="Progress" data={[...data, { key: 'd', label: 'Negative', value: -5 }]} />);
    const bars = [...container.querySelectorAll('rect.bar-chart__bar')].map((rect) => Number(rect.getAttribute('width')));
    const track = Number(container.querySelector('rect.bar-chart__track')!.getAttribute('width'));
    expect(bars).toEqual([track, track / 4, track, 0]);
    expect(screen.getAllByTestId('bar-chart-row').map((row) => row.textContent)).toEqual([
      'Part-145 Initial Training · 1 learner, 1 completed100 %',
      'Part-66 Module 725 %',
      'Over the top180 %',
      'Negative-5 %',
    ]);
  });

  it('writes values with the given format', () => {
    render(<BarChart title="Learners" data={[{ key: 'a', label: 'A', value: 3 }]} max={10} format={(v) => `${v} learners`} />);
    expect(screen.getByText('3 learners')).toBeTruthy();
  });
});
