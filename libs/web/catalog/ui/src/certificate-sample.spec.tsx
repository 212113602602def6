import { describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { CERTIFICATE_NOTICE_DELAY_MS } from '@aero/web-shared-util';
import { fakeTimersInEachTest } from '@aero/web-shared-testing';
import { CertificateSample } from './certificate-sample.js';

const NOTICE = 'The certificate is NOT an EASA Form 149a (Certificate of Recognition).';

describe('CertificateSample', () => {
  fakeTimersInEachTest();

  const open = () => fireEvent.click(screen.getByRole('button', { name: 'View certificate sample' }));

  it('opens a modal with the sample certificate', () => {
    render(<CertificateSample />);
    open();
    const dialog = screen.getByRole('dialog', { name: 'Certificate sample' });
    expect(within(dialog).getByRole('img', { name: 'Sample certificate of course completion issued by AeroMaint Academy' }).getAttribute('src')).toBe(
      '/images/certificate-sample.svg',
    );
  });

  it('shows the attention notice 750 ms after opening: NOT an EASA Form 149a', () => {
    expect(CERTIFICATE_NOTICE_DELAY_MS).toBe(750);
    render(<CertificateSample />);
    open();
    act(() => jest.advanceTimersByTime(749));
    expect(screen.queryByRole('alert')).toBeNull();

    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('alert').textContent).toContain(NOTICE);
  });

  it('the notice can be closed, and comes back 750 ms after the next opening', () => {
    render(<CertificateSample />);
    open();
    act(() => jest.advanceTimersByTime(750));
    fireEvent.click(screen.getByRole('button', { name: 'Close notice' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('dialog')).toBeTruthy();
    act(() => jest.advanceTimersByTime(5000));
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    open();
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => jest.advanceTimersByTime(750));
    expect(screen.getByRole('alert').textContent).toContain(NOTICE);
  });
});
