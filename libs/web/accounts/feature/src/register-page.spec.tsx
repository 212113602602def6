import { afterEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { selectFlashMessages, selectOverlayActive, type AppStore } from '@aero/web-shared-store';
import { COUNTRIES_FIXTURE, deferred, mockFetch, renderWithProviders, type FetchAnswer, type FetchMock } from '@aero/web-shared-testing';
import { RegisterPage } from './register-page.js';

const flashes = (store: AppStore) => selectFlashMessages(store.getState()).map((message) => [message.kind, message.text]);

describe('RegisterPage (shop §2, §3, §4 Registration, §5, §8)', () => {
  let fetchMock: FetchMock;
  afterEach(() => fetchMock.restore());

  function renderRegister(route = '/register', answers: Record<string, FetchAnswer> = {}) {
    fetchMock = mockFetch({ '/api/me': { body: { data: null } }, '/countries/all': { body: { data: COUNTRIES_FIXTURE } }, ...answers });
    return renderWithProviders(<RegisterPage />, {
      route,
      routes: [
        { path: '/register', element: <RegisterPage /> },
        { path: '/profile', element: <h1>Profile</h1> },
        { path: '/my-courses', element: <h1>My courses</h1> },
      ],
    });
  }

  /** The input labelled exactly `label` (a required field's label ends with its star). */
  const labelled = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`);
  const input = (label: string) => screen.getByLabelText<HTMLInputElement>(labelled(label), { selector: 'input' });
  const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
  const corporate = () => screen.queryByRole('checkbox', { name: 'Register a company account' });
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Register' }));
  const lastBody = () => fetchMock.callsTo('POST', '/register').at(-1)!.body as Record<string, unknown>;

  function fillAccount() {
    type('Nick', 'anna');
    type('First name', 'Anna');
    type('Last name', 'Berg');
    type('E-mail', 'anna@example.com');
    type('Password', 'Hangar2026');
    type('Confirm password', 'Hangar2026');
    fireEvent.click(screen.getByRole('checkbox', { name: /I accept the terms and conditions/ }));
  }

  it('has every field of the spec, the password hint with a strength meter, the terms link and newsletters', () => {
    renderRegister();
    for (const label of ['Nick', 'First name', 'Last name', 'E-mail', 'Password', 'Confirm password']) expect(input(label)).toBeTruthy();
    expect(screen.getByText('At least 8 characters with one number and one uppercase letter.')).toBeTruthy();
    type('Password', 'hangar');
    expect(screen.getByText('Strength: Weak')).toBeTruthy();
    type('Password', 'Hangar2026');
    expect(screen.getByText('Strength: Fair')).toBeTruthy();
    type('Password', 'Hangar-2026-B1!');
    expect(screen.getByText('Strength: Strong')).toBeTruthy();
    const terms = screen.getByRole('checkbox', { name: /I accept the terms and conditions/ });
    expect(terms.getAttribute('aria-required')).toBe('true');
    expect(screen.getByRole('link', { name: 'terms and conditions' }).getAttribute('href')).toBe('/articles/terms-and-conditions');
    expect(screen.getByRole('checkbox', { name: 'Send me newsletters about new courses and offers' })).toBeTruthy();
    expect(screen.getByText('Account type: Student')).toBeTruthy();
  });

  it('ticking is_corporate sets type company and shows the company fields; unticking sets student and clears them', async () => {
    renderRegister('/register', { 'POST /register': { status: 422, body: { message: 'x', errors: {} } } });
    expect(screen.queryByLabelText(labelled('Company name'))).toBeNull();

    fireEvent.click(corporate()!);
    expect(screen.getByText('Account type: Company')).toBeTruthy();
    type('Company name', 'Nordic Line Maintenance');
    type('Company code', 'NLM-1');
    type('VAT number', 'NO999999999');
    type('City', 'Oslo');
    type('Address', 'Flyplassvegen 1');
    type('Zip code', '2060');
    const country = screen.getByRole('combobox', { name: /Country/ });
    fireEvent.change(country, { target: { value: 'Norw' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Norway' }));
    fillAccount();
    submit();
    await waitFor(() => expect(fetchMock.callsTo('POST', '/register')).toHaveLength(1));
    expect(lastBody()).toMatchObject({
      type: 'company',
      is_corporate: true,
      company_name: 'Nordic Line Maintenance',
      company_code: 'NLM-1',
      vat_number: 'NO999999999',
      company_country: 'NO',
      city: 'Oslo',
      address: 'Flyplassvegen 1',
      zip: '2060',
    });

    fireEvent.click(corporate()!);
    expect(screen.getByText('Account type: Student')).toBeTruthy();
    expect(screen.queryByLabelText(labelled('Company name'))).toBeNull();
    fireEvent.click(corporate()!);
    expect(input('Company name').value).toBe('');
    expect(input('City').value).toBe('');
    fireEvent.click(corporate()!);
    submit();
    await waitFor(() => expect(fetchMock.callsTo('POST', '/register')).toHaveLength(2));
    expect(lastBody()).toMatchObject({
      type: 'student',
      is_corporate: false,
      company_name: '',
      company_code: '',
      vat_number: '',
      company_country: '',
      city: '',
      address: '',
      zip: '',
    });
  });

  it('sends every field and goes to the answer’s redirect (default /profile) with its message', async () => {
    const { router, store } = renderRegister('/register', {
      'POST /register': { body: { message: 'Your account has been created. Please check your e-mail to verify your address.', redirect: '/profile' } },
    });
    fillAccount();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Send me newsletters about new courses and offers' }));
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(lastBody()).toEqual({
      nick: 'anna',
      first_name: 'Anna',
      last_name: 'Berg',
      email: 'anna@example.com',
      password: 'Hangar2026',
      password_confirmation: 'Hangar2026',
      type: 'student',
      terms_and_conditions: true,
      is_corporate: false,
      newsletters: true,
      company_name: '',
      company_code: '',
      vat_number: '',
      company_country: '',
      city: '',
      address: '',
      zip: '',
      necessary_cookies_consent: false,
      statistics_cookies_consent: false,
      social_cookies_consent: false,
    });
    expect(flashes(store)).toEqual([['success', 'Your account has been created. Please check your e-mail to verify your address.']]);
  });

  it('passes ?redirect= to the server and follows its answer; without an answer redirect it goes to /profile', async () => {
    const { router } = renderRegister('/register?redirect=%2Fmy-courses', { 'POST /register': { body: { message: 'ok', redirect: '/my-courses' } } });
    fillAccount();
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-courses'));
    expect(lastBody()).toMatchObject({ redirect: '/my-courses' });
    fetchMock.restore();

    const second = renderRegister('/register', { 'POST /register': { body: { message: 'ok' } } });
    fillAccount();
    submit();
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/profile'));
  });

  it('shows the first server message under each field, flashes registration.flash_error and removes the overlay', async () => {
    const answer = deferred<{ status: number; body: unknown }>();
    const { store } = renderRegister('/register', { 'POST /register': () => answer.promise });
    fillAccount();
    submit();
    await waitFor(() => expect(selectOverlayActive(store.getState())).toBe(true));
    answer.resolve({
      status: 422,
      body: {
        message: 'The form contains errors. Please fix them and try again.',
        errors: {
          email: ['The email has already been taken.', 'second'],
          password: ['The password must contain at least one uppercase letter.'],
          password_confirmation: ['The password confirmation does not match.'],
          terms_and_conditions: ['You must accept the terms and conditions.'],
        },
      },
    });
    expect(await screen.findByText('The email has already been taken.')).toBeTruthy();
    expect(screen.queryByText('second')).toBeNull();
    expect(screen.getByText('The password must contain at least one uppercase letter.')).toBeTruthy();
    expect(screen.getByText('The password confirmation does not match.')).toBeTruthy();
    expect(screen.getByText('You must accept the terms and conditions.')).toBeTruthy();
    expect(input('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(flashes(store)).toEqual([['error', 'Registration failed. Please check the form and try again.']]);
    expect(selectOverlayActive(store.getState())).toBe(false);
  });

  it('the invitation variant shows the e-mail read-only, offers no corporate choice and sends the token', async () => {
    renderRegister('/register?invitation=inv-token-123&email=lars%40nordicline.example', { 'POST /register': { body: { message: 'Your account has been created.', redirect: '/profile' } } });
    expect(input('E-mail').value).toBe('lars@nordicline.example');
    expect(input('E-mail').readOnly).toBe(true);
    expect(corporate()).toBeNull();
    expect(screen.queryByLabelText(labelled('Company name'))).toBeNull();
    expect(screen.getByText("You were invited to join a company's Student List. Create your account to accept the invitation.")).toBeTruthy();

    type('Nick', 'lars');
    type('First name', 'Lars');
    type('Last name', 'Nilsen');
    type('Password', 'Hangar2026');
    type('Confirm password', 'Hangar2026');
    fireEvent.click(screen.getByRole('checkbox', { name: /I accept the terms and conditions/ }));
    submit();
    await waitFor(() => expect(fetchMock.callsTo('POST', '/register')).toHaveLength(1));
    expect(lastBody()).toMatchObject({ email: 'lars@nordicline.example', invitation_token: 'inv-token-123', type: 'student', is_corporate: false });
  });

  it('sends the cookie consents the visitor gave', async () => {
    document.cookie = 'necessary_cookies_consent=1; path=/';
    document.cookie = 'statistics_cookies_consent=1; path=/';
    try {
      renderRegister('/register', { 'POST /register': { body: { message: 'ok' } } });
      fillAccount();
      submit();
      await waitFor(() => expect(fetchMock.callsTo('POST', '/register')).toHaveLength(1));
      expect(lastBody()).toMatchObject({ necessary_cookies_consent: true, statistics_cookies_consent: true, social_cookies_consent: false });
    } finally {
      document.cookie = 'necessary_cookies_consent=; Max-Age=0; path=/';
      document.cookie = 'statistics_cookies_consent=; Max-Age=0; path=/';
    }
  });

  it('the company fields carry their server errors too', async () => {
    renderRegister('/register', {
      'POST /register': { status: 422, body: { message: 'x', errors: { company_name: ['The company name is required.'], company_country: ['The company country is required.'] } } },
    });
    fireEvent.click(corporate()!);
    fillAccount();
    submit();
    expect(await screen.findByText('The company name is required.')).toBeTruthy();
    const countryField = screen.getByRole('combobox', { name: /Country/ }).closest('.form-field')!;
    expect(within(countryField as HTMLElement).getByText('The company country is required.')).toBeTruthy();
  });
});
