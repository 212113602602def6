import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { fakeTimersInEachTest } from '@aero/web-shared-testing';
import { Carousel } from './carousel.js';

const SLIDES = ['Part-66 online', 'Train your team', 'Classroom training'];

function renderCarousel(props: Partial<Parameters<typeof Carousel<string>>[0]> = {}) {
  return render(
    <>
      <Carousel
        label="Highlights"
        items={SLIDES}
        getKey={(slide) => slide}
        renderItem={(slide) => (
          <p>
            {slide} <a href="/e-shop">Go</a>
          </p>
        )}
        autoplayMs={5000}
        speedMs={1500}
        {...props}
      />
      <button type="button">Elsewhere</button>
    </>,
  );
}

/** The text of the slide(s) shown (the others are hidden from assistive technology and inert). */
const shown = () => screen.getAllByRole('group', { name: /of 3/ }).map((slide) => slide.textContent?.replace(' Go', ''));
const currentDot = () => screen.getByRole('button', { current: true }).getAttribute('aria-label');

describe('Carousel', () => {
  fakeTimersInEachTest();
  afterEach(() => {
    Reflect.deleteProperty(window, 'matchMedia');
  });

  it('is a labelled carousel showing one slide per page, the others hidden and inert', () => {
    const { container } = renderCarousel();
    expect(screen.getByRole('region', { name: 'Highlights' }).getAttribute('aria-roledescription')).toBe('carousel');
    expect(shown()).toEqual(['Part-66 online']);
    const hidden = [...container.querySelectorAll('.carousel__slide[aria-hidden="true"]')];
    expect(hidden).toHaveLength(2);
    expect(hidden.every((slide) => slide.hasAttribute('inert'))).toBe(true);
  });

  it('moves on every 5 s by itself, wrapping around, with a 1.5 s transition', () => {
    const { container } = renderCarousel();
    expect((container.querySelector('.carousel__track') as HTMLElement).style.transition).toBe('transform 1500ms ease');
    act(() => jest.advanceTimersByTime(4999));
    expect(shown()).toEqual(['Part-66 online']);
    act(() => jest.advanceTimersByTime(1));
    expect(shown()).toEqual(['Train your team']);
    expect(currentDot()).toBe('Go to slide 2');
    act(() => jest.advanceTimersByTime(5000));
    expect(shown()).toEqual(['Classroom training']);
    act(() => jest.advanceTimersByTime(5000));
    expect(shown()).toEqual(['Part-66 online']);
  });

  it('pauses while hovered and while focus is inside', () => {
    renderCarousel();
    const carousel = screen.getByRole('region', { name: 'Highlights' });
    fireEvent.mouseEnter(carousel);
    act(() => jest.advanceTimersByTime(20000));
    expect(shown()).toEqual(['Part-66 online']);
    fireEvent.mouseLeave(carousel);

    act(() => screen.getByRole('button', { name: 'Next slide' }).focus());
    act(() => jest.advanceTimersByTime(20000));
    expect(shown()).toEqual(['Part-66 online']);

    act(() => screen.getByRole('button', { name: 'Elsewhere' }).focus());
    act(() => jest.advanceTimersByTime(5000));
    expect(shown()).toEqual(['Train your team']);
  });

  it('has previous/next buttons and a dot per page', () => {
    renderCarousel({ autoplayMs: null });
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(shown()).toEqual(['Classroom training']);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(shown()).toEqual(['Part-66 online']);
    fireEvent.click(screen.getByRole('button', { name: 'Go to slide 2' }));
    expect(shown()).toEqual(['Train your team']);
    expect(currentDot()).toBe('Go to slide 2');
  });

  it('can be paused and played with its button', () => {
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    act(() => screen.getByRole('button', { name: 'Elsewhere' }).focus());
    act(() => jest.advanceTimersByTime(20000));
    expect(shown()).toEqual(['Part-66 online']);
    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    act(() => screen.getByRole('button', { name: 'Elsewhere' }).focus());
    act(() => jest.advanceTimersByTime(5000));
    expect(shown()).toEqual(['Train your team']);
  });

  it('neither plays nor animates when the user prefers reduced motion', () => {
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: (query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)', addEventListener() {}, removeEventListener() {} }),
    });
    const { container } = renderCarousel();
    act(() => jest.advanceTimersByTime(20000));
    expect(shown()).toEqual(['Part-66 online']);
    expect((container.querySelector('.carousel__track') as HTMLElement).style.transition).toBe('none');
    expect(screen.queryByRole('button', { name: 'Pause slideshow' })).toBeNull();
  });

  it('shows several items per page (client logos: 3), filling the last page', () => {
    render(
      <Carousel
        label="Our clients"
        items={['A', 'B', 'C', 'D', 'E']}
        getKey={(item) => item}
        renderItem={(item) => <span>{item}</span>}
        perPage={3}
      />,
    );
    const visible = () => screen.getAllByRole('group', { name: /of 5/ }).map((slide) => slide.textContent);
    expect(visible()).toEqual(['A', 'B', 'C']);
    expect(screen.getAllByRole('button', { name: /Go to slide/ })).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(visible()).toEqual(['C', 'D', 'E']);
  });
});
