import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { COUNTRIES_FIXTURE, mockFetch, renderWithProviders, type FetchAnswer, type FetchMock } from '@aero/web-shared-testing';
import { CAPTCHA_TOKEN_LIFETIME_MS } from '@aero/web-shared-ui';
import { ClassroomTrainingPage } from './classroom-training-page.js';

const THANKS = "Thanks for contacting us! We've received your request and will respond as soon as possible.";
const FAILURE = 'Some fields contain errors. Please correct them and try again.';

describe('classroom-training contact form (shop §2, §4, §5, §8)', () => {
  let fetchMock: FetchMock;
  const scrollIntoView = jest.fn();
  beforeEach(() => {
    Element.prototype.scrollIntoView = scrollIntoView;
  });
  afterEach(() => {
    fetchMock.restore();
    scrollIntoView.mockReset();
    jest.useRealTimers();
  });

  function renderPage(answers: Record<string, FetchAnswer> = {}, route = '/classroom-training') {
    fetchMock = mockFetch({ '/countries/all': { body: { data: COUNTRIES_FIXTURE } }, ...answers });
    return renderWithProviders(<ClassroomTrainingPage />, { route, path: '/classroom-training' });
  }

  const form = () => screen.getByRole('region', { name: 'Get in Touch' });
  const field = (name: string) => within(form()).getByLabelText(name, { exact: false, selector: 'input, textarea' });
  const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
  const labelOf = (name: string) => within(form()).getByText(name, { selector: 'label, legend' });

  async function chooseCountry(name: string) {
    const combo = within(form()).getByRole('combobox', { name: /Country of residence/ });
    fireEvent.change(combo, { target: { value: name } });
    fireEvent.click(await within(form()).findByRole('option', { name }));
  }

  async function fillValidRequest({ captcha = true } = {}) {
    type('Name', 'Lars Nilsen');
    type('E-mail', 'lars@nordicline.example');
    type('Phone', '+47 22 00 00 00');
    await chooseCountry('Norway');
    type('Courses of interest', 'Part-66 B1 modules 7 and 9 for 12 technicians');
    type('Preferred starting date', '20250915');
    type('Group size', '12');
    if (captcha) fireEvent.click(within(form()).getByRole('checkbox', { name: "I'm not a robot" }));
  }

  it("shows the form under 'Get in Touch' with the spec's fields and 'Send a quote'", () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Classroom training' })).toBeTruthy();
    expect(form().id).toBe('get-in-touch');
    expect(within(form()).getByRole('heading', { level: 2, name: 'Get in Touch' })).toBeTruthy();
    expect(within(form()).getAllByRole('radio').map((radio) => [radio.parentElement!.textContent, (radio as HTMLInputElement).value])).toEqual([
      ['Private', 'Yes'],
      ['Business', 'No'],
    ]);
    expect(within(form()).getByRole('button', { name: 'Send a quote' })).toBeTruthy();
  });

  it('scrolls smoothly to the form when the address hash is #get-in-touch', () => {
    renderPage({}, '/classroom-training#get-in-touch');
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(scrollIntoView.mock.contexts[0]).toBe(form());
  });

  it('stars the private/business choice, name, e-mail, company (Business), country and courses; not phone, date or group size', () => {
    renderPage();
    const starred = (name: string) => labelOf(name).querySelector('.required-star') !== null;
    expect(within(form()).queryByLabelText('Company', { exact: false })).toBeNull();
    fireEvent.click(within(form()).getByRole('radio', { name: 'Business' }));
    expect(
      ['Private or business', 'Name', 'E-mail', 'Company', 'Country of residence', 'Courses of interest', 'Phone', 'Preferred starting date', 'Group size'].map((name) => [name, starred(name)]),
    ).toEqual([
      ['Private or business', true],
      ['Name', true],
      ['E-mail', true],
      ['Company', true],
      ['Country of residence', true],
      ['Courses of interest', true],
      ['Phone', false],
      ['Preferred starting date', false],
      ['Group size', false],
    ]);
  });

  it('allows 400 characters in text inputs and 2000 in the courses textarea; the date hints 2025-04-10 to 2030-12-31', () => {
    renderPage();
    fireEvent.click(within(form()).getByRole('radio', { name: 'Business' }));
    for (const name of ['Name', 'E-mail', 'Company', 'Phone']) expect([name, field(name).getAttribute('maxLength')]).toEqual([name, '400']);
    expect(field('Courses of interest').getAttribute('maxLength')).toBe('2000');
    const date = field('Preferred starting date');
    expect(date.getAttribute('placeholder')).toBe('YYYY-MM-DD');
    expect(within(form()).getByText('YYYY-MM-DD, from 2025-04-10 to 2030-12-31')).toBeTruthy();
    expect([date.dataset['min'], date.dataset['max']]).toEqual(['2025-04-10', '2030-12-31']);
  });

  it('shows the company field only for Business, and sends it only then', async () => {
    renderPage({ 'POST /classroom-training/contact-us': { body: { message: 'ok' } } });
    await fillValidRequest();
    fireEvent.click(within(form()).getByRole('radio', { name: 'Business' }));
    type('Company', 'Nordic Line Maintenance');
    fireEvent.click(within(form()).getByRole('radio', { name: 'Private' }));
    expect(within(form()).queryByLabelText('Company', { exact: false })).toBeNull();
    fireEvent.click(within(form()).getByRole('button', { name: 'Send a quote' }));
    await waitFor(() => expect(fetchMock.callsTo('POST', '/classroom-training/contact-us')).toHaveLength(1));
    expect(fetchMock.calls.at(-1)!.body).toMatchObject({ is_private_person: 'Yes', company: '' });
  });

  it('shows the first server message under each field and the failure text, keeping the button', async () => {
    renderPage({
      'POST /classroom-training/contact-us': {
        status: 422,
        body: {
          message: FAILURE,
          errors: {
            name: ['The name is required.', 'second'],
            email: ['The email must be a valid email address.'],
            company: ['The company is required.'],
            country: ['The country is required.'],
            courses_request: ['The courses request is required.'],
            starting_date: ['The preferred starting date must be between 2025-04-10 and 2030-12-31.'],
            group_size: ['The group size must be a whole number of at least 1.'],
            phone: ['The phone has an invalid format.'],
            is_private_person: ['The selected is private person is invalid.'],
            g_recaptcha_token: ['Please verify that you are not a robot.'],
          },
        },
      },
    });
    // A request the browser finds right, refused by the server.
    await fillValidRequest();
    fireEvent.click(within(form()).getByRole('radio', { name: 'Business' }));
    type('Company', 'Nordic Line Maintenance');
    fireEvent.click(within(form()).getByRole('button', { name: 'Send a quote' }));
    await waitFor(() => expect(fetchMock.callsTo('POST', '/classroom-training/contact-us')).toHaveLength(1));

    expect((await within(form()).findByRole('alert')).textContent).toBe(FAILURE);
    const errorOf = (name: string) => document.getElementById(field(name).getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent;
    expect(errorOf('Name')).toBe('The name is required.');
    expect(errorOf('E-mail')).toBe('The email must be a valid email address.');
    expect(errorOf('Company')).toBe('The company is required.');
    expect(errorOf('Phone')).toBe('The phone has an invalid format.');
    expect(errorOf('Courses of interest')).toBe('The courses request is required.');
    expect(errorOf('Preferred starting date')).toBe('The preferred starting date must be between 2025-04-10 and 2030-12-31.');
    expect(errorOf('Group size')).toBe('The group size must be a whole number of at least 1.');
    expect(within(form()).getByText('The country is required.')).toBeTruthy();
    expect(within(form()).getByText('The selected is private person is invalid.')).toBeTruthy();
    expect(within(form()).getByText('Please verify that you are not a robot.')).toBeTruthy();
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    expect(within(form()).getByRole('button', { name: 'Send a quote' })).toBeTruthy();
  });

  it('after success replaces the button with the thank-you text and does not reset the form', async () => {
    renderPage({ 'POST /classroom-training/contact-us': { body: { message: 'Thank you.' } } });
    await fillValidRequest();
    expect((field('Preferred starting date') as HTMLInputElement).value).toBe('2025-09-15');
    fireEvent.click(within(form()).getByRole('button', { name: 'Send a quote' }));

    expect((await within(form()).findByRole('status')).textContent).toBe(THANKS);
    expect(within(form()).queryByRole('button', { name: 'Send a quote' })).toBeNull();
    expect(fetchMock.callsTo('POST', '/classroom-training/contact-us')[0].body).toEqual({
      is_private_person: 'Yes',
      name: 'Lars Nilsen',
      email: 'lars@nordicline.example',
      company: '',
      phone: '+47 22 00 00 00',
      country: 'NO',
      courses_request: 'Part-66 B1 modules 7 and 9 for 12 technicians',
      starting_date: '2025-09-15',
      group_size: '12',
      g_recaptcha_token: 'test-captcha-pass',
    });
    expect((field('Name') as HTMLInputElement).value).toBe('Lars Nilsen');
    expect((field('Courses of interest') as HTMLTextAreaElement).value).toBe('Part-66 B1 modules 7 and 9 for 12 technicians');
    expect(within(form()).getByRole<HTMLInputElement>('combobox', { name: /Country of residence/ }).value).toBe('Norway');
  });

  it('the captcha token is set when the check passes and cleared when it expires after 2 minutes', async () => {
    renderPage({ 'POST /classroom-training/contact-us': { status: 422, body: { message: FAILURE, errors: {} } } });
    await fillValidRequest({ captcha: false });
    jest.useFakeTimers();
    const box = within(form()).getByRole('checkbox', { name: "I'm not a robot" });
    fireEvent.click(box);
    expect((box as HTMLInputElement).checked).toBe(true);
    act(() => jest.advanceTimersByTime(CAPTCHA_TOKEN_LIFETIME_MS - 1));
    expect((box as HTMLInputElement).checked).toBe(true);
    act(() => jest.advanceTimersByTime(1));
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(within(form()).getByText('The verification expired. Please tick the box again.')).toBeTruthy();
    jest.useRealTimers();

    // Without a token the form is not sent: the verification asks to be done again.
    fireEvent.click(within(form()).getByRole('button', { name: 'Send a quote' }));
    expect(await within(form()).findByText('Please verify that you are not a robot.')).toBeTruthy();
    expect(fetchMock.callsTo('POST', '/classroom-training/contact-us')).toHaveLength(0);

    fireEvent.click(box);
    fireEvent.click(within(form()).getByRole('button', { name: 'Send a quote' }));
    await waitFor(() => expect(fetchMock.callsTo('POST', '/classroom-training/contact-us')).toHaveLength(1));
    expect(fetchMock.calls.at(-1)!.body).toMatchObject({ g_recaptcha_token: 'test-captcha-pass' });
  });
});
