import { afterEach, describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen } from '@testing-library/react';
import { mockFetch, renderWithProviders, type FetchMock } from '@aero/web-shared-testing';
import { AnnouncementBanner } from './announcement-banner.js';

const MAINTENANCE = { uuid: '7f0c1a52-1111-4b2e-9a51-000000000001', message: 'Planned maintenance on Sunday 02:00–04:00 UTC.', class: 'warning' };


/** Lets pending requests answer and React render their results. */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 20)));

describe('AnnouncementBanner (shop §4: once dismissed it stays closed, remembered per uuid in local storage)', () => {
  let fetchMock: FetchMock;
  afterEach(() => {
    fetchMock.restore();
    localStorage.clear();
  });

  function renderBanner(announcement: unknown) {
    fetchMock = mockFetch({ '/api/announcements/current': { body: { data: announcement } } });
    return renderWithProviders(<AnnouncementBanner />);
  }

  it('shows the current announcement with its class', async () => {
    renderBanner(MAINTENANCE);
    const banner = await screen.findByRole('complementary', { name: 'Announcement' });
    expect(banner.textContent).toContain('Planned maintenance on Sunday 02:00–04:00 UTC.');
    expect(banner.className).toContain('announcement--warning');
  });

  it('shows nothing when there is no announcement', async () => {
    renderBanner(null);
    await settle();
    expect(fetchMock.calls).toHaveLength(1);
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  it('dismissing hides it and remembers its uuid in local storage; it stays closed on the next visit', async () => {
    const first = renderBanner(MAINTENANCE);
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss announcement' }));
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(localStorage.getItem(`announcement_dismissed_${MAINTENANCE.uuid}`)).toBe('1');
    first.unmount();
    fetchMock.restore();

    renderBanner(MAINTENANCE);
    await settle();
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  it('a new announcement (another uuid) shows again', async () => {
    localStorage.setItem(`announcement_dismissed_${MAINTENANCE.uuid}`, '1');
    renderBanner({ ...MAINTENANCE, uuid: '7f0c1a52-1111-4b2e-9a51-000000000002', message: 'New Part-66 modules are online.', class: 'info' });
    expect((await screen.findByRole('complementary', { name: 'Announcement' })).textContent).toContain('New Part-66 modules are online.');
  });
});
