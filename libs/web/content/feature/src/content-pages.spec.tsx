import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { ClientLogoDto, SlideDto } from '@aero/contracts';
import { mockFetch, renderWithProviders, type FetchMock } from '@aero/web-shared-testing';
import { ArticlePage } from './article-page.js';
import { FaqPage } from './faq-page.js';
import { ClientLogos, HomeSlides } from './home-slides.js';

const SLIDES: SlideDto[] = [
  { image: '/images/slides/hangar.svg', body: '<h2>EASA Part-66 modules online</h2><p>At your own pace.</p>', path: '/e-shop', buttonText: 'Browse courses', buttonClass: 'btn-primary' },
  { image: '/images/slides/team.svg', body: '<h2>Train your whole team</h2>', path: '/articles/faq-corporate-account', buttonText: 'Corporate accounts', buttonClass: 'btn-light' },
];
const LOGOS: ClientLogoDto[] = ['Nordic Line Maintenance', 'Adriatic Aero Technics', 'Alpine Helicopter Services', 'Atlantic CAMO'].map((name, index) => ({
  name,
  image: `/images/clients/client-${index + 1}.svg`,
  url: index === 0 ? 'https://nordic.example' : null,
}));

describe('content screens', () => {
  let fetchMock: FetchMock;
  afterEach(() => {
    jest.useRealTimers();
    fetchMock.restore();
  });

  it('/faq lists the questions of GET /api/content/faq as an accordion, with the certificate sample', async () => {
    fetchMock = mockFetch({
      '/api/content/faq': {
        body: { data: [{ id: 1, question: 'How do exams work?', answer: 'Timed multiple choice.', type: 'text', youtube_key: null, visible: true }] },
      },
    });
    renderWithProviders(<FaqPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'FAQ' })).toBeTruthy();
    const toggle = await screen.findByRole('button', { name: 'How do exams work?' });
    fireEvent.click(toggle);
    expect(screen.getByText('Timed multiple choice.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'View certificate sample' })).toBeTruthy();
  });

  describe('/faq video answer (the consent rule: no third-party player without social-network cookies)', () => {
    const VIDEO = { id: 5, question: 'A tour of the platform', answer: 'Five minutes.', type: 'youtube' as const, youtube_key: 'abc123', visible: true };
    const clearCookies = () => {
      for (const name of ['necessary_cookies_consent', 'statistics_cookies_consent', 'social_cookies_consent']) document.cookie = `${name}=; Max-Age=0; path=/`;
    };
    afterEach(clearCookies);

    it.each([
      ['with no cookie choice yet', () => undefined],
      ['with social-network cookies refused', () => (document.cookie = 'necessary_cookies_consent=1; path=/')],
    ])('%s: shows what the player does and no frame; the button accepts social cookies and loads the player', async (_case, setCookies) => {
      clearCookies();
      setCookies();
      fetchMock = mockFetch({
        '/api/content/faq': { body: { data: [VIDEO] } },
        'POST /cookie-consent': { body: { message: 'Your cookie preferences have been saved.' } },
      });
      renderWithProviders(<FaqPage />);
      fireEvent.click(await screen.findByRole('button', { name: 'A tour of the platform' }));
      expect(screen.getByText(/This video is played by YouTube/)).toBeTruthy();
      expect(document.querySelector('iframe')).toBeNull();

      fireEvent.click(screen.getByRole('button', { name: 'Accept social-network cookies and play the video' }));
      const frame = await screen.findByTitle('Video: A tour of the platform');
      expect(frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/abc123');
      expect(document.cookie).toContain('social_cookies_consent=1');
      expect(document.cookie).toContain('necessary_cookies_consent=1');
      expect(document.cookie).not.toContain('statistics_cookies_consent');
    });

    it('with social-network cookies accepted: the player loads with the answer', async () => {
      document.cookie = 'necessary_cookies_consent=1; path=/';
      document.cookie = 'social_cookies_consent=1; path=/';
      fetchMock = mockFetch({ '/api/content/faq': { body: { data: [VIDEO] } } });
      renderWithProviders(<FaqPage />);
      fireEvent.click(await screen.findByRole('button', { name: 'A tour of the platform' }));
      expect(screen.getByTitle('Video: A tour of the platform').getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/abc123');
      expect(screen.queryByRole('button', { name: 'Accept social-network cookies and play the video' })).toBeNull();
    });
  });

  it('/articles/:slug shows the title and the body of GET /api/content/articles/{slug}', async () => {
    fetchMock = mockFetch({
      '/api/content/articles/privacy-policy': {
        body: {
          data: {
            slug: 'privacy-policy',
            title: 'Privacy policy',
            body: '<p>We process your data.</p><h2>Cookies</h2><p>See <a href="/faq">the FAQ</a>.</p>',
            updated_at: '2026-02-01T09:00:00.000Z',
          },
        },
      },
    });
    const { router } = renderWithProviders(null, {
      routes: [
        { path: '/articles/:slug', element: <ArticlePage /> },
        { path: '/faq', element: <h1>FAQ screen</h1> },
      ],
      route: '/articles/privacy-policy',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy policy' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Cookies' })).toBeTruthy();
    expect(screen.getByText('We process your data.')).toBeTruthy();
    expect(screen.getByText('Last updated on February 1, 2026')).toBeTruthy();
    expect(fetchMock.calls.map((call) => call.url)).toEqual(['/api/content/articles/privacy-policy']);

    // A link of the body to a page of this site opens in the app.
    fireEvent.click(screen.getByRole('link', { name: 'the FAQ' }));
    await screen.findByRole('heading', { name: 'FAQ screen' });
    expect(router.state.location.pathname).toBe('/faq');
  });

  it('/articles/:slug of an unknown article (404) says it was not found', async () => {
    fetchMock = mockFetch({});
    renderWithProviders(<ArticlePage />, { route: '/articles/nope', path: '/articles/:slug' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Article not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });

  it('home slides: one per page from GET /api/content/slides, moving on after 5 s, with a 1.5 s transition', async () => {
    fetchMock = mockFetch({ '/api/content/slides': { body: { data: SLIDES } } });
    const { container } = renderWithProviders(<HomeSlides />);
    const carousel = await screen.findByRole('region', { name: 'Highlights' });
    const visible = () => within(carousel).getAllByRole('group', { name: /of 2/ }).map((slide) => within(slide).getByRole('heading').textContent);
    expect(visible()).toEqual(['EASA Part-66 modules online']);
    expect(within(carousel).getByRole('link', { name: 'Browse courses' }).className).toBe('btn btn--primary');
    expect((container.querySelector('.carousel__track') as HTMLElement).style.transition).toBe('transform 1500ms ease');

    jest.useFakeTimers();
    // Restart the autoplay timer under fake timers (moving the pointer over and away).
    fireEvent.mouseEnter(carousel);
    fireEvent.mouseLeave(carousel);
    act(() => jest.advanceTimersByTime(4999));
    expect(visible()).toEqual(['EASA Part-66 modules online']);
    act(() => jest.advanceTimersByTime(1));
    expect(visible()).toEqual(['Train your whole team']);
    expect(within(carousel).getByRole('link', { name: 'Corporate accounts' }).className).toBe('btn btn--light');
  });

  it('client logos: three per page from GET /api/content/client-logos', async () => {
    fetchMock = mockFetch({ '/api/content/client-logos': { body: { data: LOGOS } } });
    renderWithProviders(<ClientLogos />);
    const carousel = await screen.findByRole('region', { name: 'Our clients' });
    expect(within(carousel).getAllByRole('img').map((logo) => logo.getAttribute('alt'))).toEqual([
      'Nordic Line Maintenance',
      'Adriatic Aero Technics',
      'Alpine Helicopter Services',
    ]);
    expect(within(carousel).getByRole('link', { name: 'Nordic Line Maintenance' }).getAttribute('href')).toBe('https://nordic.example');
    expect(within(carousel).getAllByRole('button', { name: /Go to slide/ })).toHaveLength(2);
  });
});
