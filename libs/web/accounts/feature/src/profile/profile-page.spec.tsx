import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AccountUserDto, CompanyDto, ProfileDto } from '@aero/contracts';
import { selectFlashMessages } from '@aero/web-shared-store';
import {
  billingFixture,
  companyAdminFixture,
  COUNTRIES_FIXTURE,
  mockFetch,
  profileFixture,
  renderWithProviders,
  userFixture,
  type FetchAnswer,
  type FetchMock,
} from '@aero/web-shared-testing';
import { AVATAR_MAX_BYTES, prepareAvatar, scaledDimensions, type ImageScaler } from './avatar-image.js';
import { ProfilePage } from './profile-page.js';

const labelled = (label: string) => new RegExp(`^${label}\\*?$`);

const COMPANY: CompanyDto = {
  id: 'c0a10000-0000-4000-8000-000000000001',
  name: 'Nordic Line Maintenance',
  code: 'NLM-1',
  vat_number: 'NO999999999',
  country: 'NO',
  country_name: 'Norway',
  city: 'Oslo',
  address: 'Flyplassvegen 1',
  zip: '2060',
  kyc_status: 'approved',
  status: 'active',
  review_until: null,
  editable: false,
  change_request_message: 'To change your company details or account type, please contact support.',
};

describe('ProfilePage (learning §2, §3, §4, §5)', () => {
  let fetchMock: FetchMock;
  afterEach(() => fetchMock.restore());

  function renderProfile({
    user = userFixture(),
    profile,
    answers = {},
    scaleAvatar,
  }: { user?: AccountUserDto | null; profile?: ProfileDto; answers?: Record<string, FetchAnswer>; scaleAvatar?: ImageScaler } = {}) {
    fetchMock = mockFetch({
      '/api/me': { body: { data: user } },
      '/api/profile': { body: { data: profile ?? (user ? profileFixture(user) : null) } },
      '/api/profile/billing': { body: { data: billingFixture() } },
      '/countries/all': { body: { data: COUNTRIES_FIXTURE } },
      ...answers,
    });
    return renderWithProviders(<ProfilePage scaleAvatar={scaleAvatar} />, { route: '/profile', path: '/profile' });
  }

  const section = (name: string) => screen.findByRole('region', { name });

  it('asks visitors to log in', async () => {
    renderProfile({ user: null });
    expect(await screen.findByText('Log in to see and edit your profile.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login?redirect=%2Fprofile');
  });

  it('edits the account data with PATCH /profile; the e-mail is read-only', async () => {
    renderProfile({ answers: { 'PATCH /profile': { body: { message: 'Your account data has been updated.' } } } });
    const account = await section('Account data');
    const email = within(account).getByLabelText<HTMLInputElement>(labelled('E-mail'));
    expect([email.value, email.readOnly]).toEqual(['student@aeromaint.local', true]);
    fireEvent.change(within(account).getByLabelText(labelled('Nick')), { target: { value: 'anna-b' } });
    fireEvent.click(within(account).getByRole('button', { name: 'Save account data' }));
    expect((await within(account).findByRole('status')).textContent).toBe('Your account data has been updated.');
    expect(fetchMock.callsTo('PATCH', '/profile')[0].body).toEqual({ nick: 'anna-b', first_name: 'Anna', last_name: 'Berg' });
  });

  describe('billing information', () => {
    const countryBox = (billing: HTMLElement) => within(billing).getByRole('combobox', { name: /Country/ });
    async function chooseCountry(billing: HTMLElement, name: string) {
      fireEvent.change(countryBox(billing), { target: { value: name } });
      fireEvent.click(await within(billing).findByRole('option', { name }));
    }

    it('is a form in three columns: bill to company, billing address, billing contact', async () => {
      renderProfile();
      const billing = await section('Billing information');
      await within(billing).findByRole('button', { name: 'Save billing information' });
      expect(within(billing).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Bill to company', 'Billing address', 'Billing contact']);
      expect(within(billing).getByLabelText<HTMLInputElement>(labelled('Person')).value).toBe('Anna Berg');
      await waitFor(() => expect((countryBox(billing) as HTMLInputElement).value).toBe('Germany'));
    });

    it('shows the region as required (with its hint) for the United States, Canada and Mexico only', async () => {
      renderProfile();
      const billing = await section('Billing information');
      await within(billing).findByRole('button', { name: 'Save billing information' });
      const hint = 'Required for the United States, Canada and Mexico.';
      const region = () => within(billing).getByLabelText(labelled('Region'));
      expect(within(billing).queryByText(hint)).toBeNull();
      expect(region().getAttribute('aria-required')).toBeNull();
      for (const country of ['United States', 'Canada', 'Mexico']) {
        await chooseCountry(billing, country);
        expect([country, within(billing).queryByText(hint) !== null, region().getAttribute('aria-required')]).toEqual([country, true, 'true']);
      }
      await chooseCountry(billing, 'Norway');
      expect(within(billing).queryByText(hint)).toBeNull();
    });

    it('shows the company fields only when billing to a company', async () => {
      renderProfile();
      const billing = await section('Billing information');
      await within(billing).findByRole('button', { name: 'Save billing information' });
      expect(within(billing).queryByLabelText(labelled('Company'))).toBeNull();
      fireEvent.click(within(billing).getByRole('checkbox', { name: 'Bill to a company' }));
      for (const label of ['Company', 'Company code', 'VAT number']) expect(within(billing).getByLabelText(labelled(label))).toBeTruthy();
      fireEvent.click(within(billing).getByRole('checkbox', { name: 'Bill to a company' }));
      expect(within(billing).queryByLabelText(labelled('VAT number'))).toBeNull();
    });

    it('saves with PATCH /profile/billing and shows the success message', async () => {
      const { store } = renderProfile({ answers: { 'PATCH /profile/billing': { body: { message: 'Billing information updated successfully.' } } } });
      const billing = await section('Billing information');
      await within(billing).findByRole('button', { name: 'Save billing information' });
      fireEvent.click(within(billing).getByRole('checkbox', { name: 'Bill to a company' }));
      fireEvent.change(within(billing).getByLabelText(labelled('Company')), { target: { value: 'Berg Aero Services' } });
      fireEvent.change(within(billing).getByLabelText(labelled('Company code')), { target: { value: 'BAS-7' } });
      fireEvent.change(within(billing).getByLabelText(labelled('VAT number')), { target: { value: 'DE123456789' } });
      await chooseCountry(billing, 'United States');
      fireEvent.change(within(billing).getByLabelText(labelled('Region')), { target: { value: 'Texas' } });
      fireEvent.click(within(billing).getByRole('button', { name: 'Save billing information' }));

      expect((await within(billing).findByRole('status')).textContent).toBe('Billing information updated successfully.');
      expect(fetchMock.callsTo('PATCH', '/profile/billing')[0].body).toEqual({
        person: 'Anna Berg',
        email: 'student@aeromaint.local',
        phone: '+49 30 1234567',
        country: 'US',
        region: 'Texas',
        city: 'Berlin',
        address: 'Hangarstraße 1',
        zip: '10115',
        to_company: true,
        company: 'Berg Aero Services',
        company_code: 'BAS-7',
        vat: 'DE123456789',
      });
      expect(selectFlashMessages(store.getState()).map((flash) => flash.text)).toEqual(['Billing information updated successfully.']);
    });

    it('shows the server errors under each field', async () => {
      renderProfile({
        answers: {
          'PATCH /profile/billing': {
            status: 422,
            body: {
              message: 'The form contains errors. Please fix them and try again.',
              errors: { region: ['The region is required for the United States, Canada and Mexico.'], zip: ['The zip code has an invalid format.'], email: ['The email must be a valid email address.'] },
            },
          },
        },
      });
      const billing = await section('Billing information');
      fireEvent.click(await within(billing).findByRole('button', { name: 'Save billing information' }));
      expect(await within(billing).findByText('The region is required for the United States, Canada and Mexico.')).toBeTruthy();
      expect(within(billing).getByText('The zip code has an invalid format.')).toBeTruthy();
      expect(within(billing).getByLabelText(labelled('E-mail')).getAttribute('aria-invalid')).toBe('true');
      expect(within(billing).getByRole('alert').textContent).toBe('The form contains errors. Please fix them and try again.');
    });
  });

  describe('personal information for certificates (fillable once)', () => {
    it('is a form while empty: birth date as YYYY-MM-DD and gender male/female, posted once', async () => {
      renderProfile({ answers: { 'POST /profile/personal-information': { body: { message: 'Your personal information has been saved.' } } } });
      const personal = await section('Personal information for certificates');
      fireEvent.change(within(personal).getByLabelText(labelled('Birth date')), { target: { value: '19900412' } });
      expect(within(personal).getByLabelText<HTMLInputElement>(labelled('Birth date')).value).toBe('1990-04-12');
      const gender = within(personal).getByLabelText(labelled('Gender'));
      expect(within(gender).getAllByRole('option').map((option) => option.getAttribute('value'))).toEqual(['', 'male', 'female']);
      fireEvent.change(gender, { target: { value: 'female' } });
      fireEvent.change(within(personal).getByLabelText(labelled('Birth place')), { target: { value: 'Bergen' } });
      fireEvent.click(within(personal).getByRole('button', { name: 'Save personal information' }));
      await waitFor(() => expect(fetchMock.callsTo('POST', '/profile/personal-information')).toHaveLength(1));
      expect(fetchMock.callsTo('POST', '/profile/personal-information')[0].body).toEqual({ birth_date: '1990-04-12', gender: 'female', birth_place: 'Bergen' });
    });

    it('is read-only once filled, with the note', async () => {
      const user = userFixture();
      renderProfile({
        user,
        profile: profileFixture(user, {
          personal_information: { birth_date: '1990-04-12', gender: 'female', birth_place: 'Bergen', filled: true, filled_at: '2026-01-12T10:00:00.000Z' },
        }),
      });
      const personal = await section('Personal information for certificates');
      expect(within(personal).queryByRole('textbox')).toBeNull();
      expect(within(personal).queryByRole('button')).toBeNull();
      expect(within(personal).getByText('1990-04-12')).toBeTruthy();
      expect(within(personal).getByText('Female')).toBeTruthy();
      expect(within(personal).getByText('Personal information for certificates can be filled only once. Please contact support to correct it.')).toBeTruthy();
    });
  });

  describe('avatar', () => {
    const fileInput = async () => within(await section('Avatar')).getByLabelText<HTMLInputElement>('Choose a picture');
    /** Chooses a file; the picture is read (and maybe scaled) asynchronously, inside act. */
    const choose = async (file: File) => {
      const input = await fileInput();
      await act(async () => {
        fireEvent.change(input, { target: { files: [file] } });
        await Promise.resolve();
      });
    };

    it('accepts PNG, JPEG and WebP only', async () => {
      renderProfile();
      expect((await fileInput()).accept).toBe('image/png,image/jpeg,image/webp');
      await choose(new File(['GIF89a'], 'me.gif', { type: 'image/gif' }));
      expect(await screen.findByText('The avatar must be a PNG, JPEG or WebP image.')).toBeTruthy();
      expect(fetchMock.callsTo('POST', '/profile/avatar')).toHaveLength(0);
    });

    it('uploads a small picture as it is, as a data URL with its type', async () => {
      renderProfile({ answers: { 'POST /profile/avatar': { body: { message: 'Your avatar has been updated.', data: { avatar_url: '/profile/avatar/1?v=2' } } } } });
      await choose(new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' }));
      expect(await screen.findByText('Your avatar has been updated.')).toBeTruthy();
      expect(fetchMock.callsTo('POST', '/profile/avatar')[0].body).toEqual({ avatar: 'data:image/png;base64,iVBORw==', content_type: 'image/png' });
    });

    it('scales a picture larger than 700 KB down in the browser before the upload', async () => {
      const scaled = new Blob([new Uint8Array([255, 216, 255])], { type: 'image/jpeg' });
      const scale = jest.fn<ImageScaler>(() => Promise.resolve(scaled));
      renderProfile({ scaleAvatar: scale, answers: { 'POST /profile/avatar': { body: { message: 'Your avatar has been updated.' } } } });
      const big = new File([new Uint8Array(AVATAR_MAX_BYTES + 1)], 'holiday.png', { type: 'image/png' });
      await choose(big);
      await waitFor(() => expect(fetchMock.callsTo('POST', '/profile/avatar')).toHaveLength(1));
      expect(scale).toHaveBeenCalledWith(big, 700 * 1024);
      expect(fetchMock.callsTo('POST', '/profile/avatar')[0].body).toEqual({ avatar: 'data:image/jpeg;base64,/9j/', content_type: 'image/jpeg' });
    });

    it("shows the server's refusal (422) under the field", async () => {
      renderProfile({ answers: { 'POST /profile/avatar': { status: 422, body: { message: 'x', errors: { avatar: ['The avatar may not be larger than 700 KB.'] } } } } });
      await choose(new File(['x'], 'me.webp', { type: 'image/webp' }));
      expect(await screen.findByText('The avatar may not be larger than 700 KB.')).toBeTruthy();
      expect((await fileInput()).getAttribute('aria-invalid')).toBe('true');
    });

    it('sizes the first scaling guess by the square root of the byte ratio', async () => {
      expect(scaledDimensions(4000, 3000, 2800 * 1024, 700 * 1024)).toEqual({ width: 1800, height: 1350 });
      expect(scaledDimensions(400, 300, 100, 700 * 1024)).toEqual({ width: 400, height: 300 });
      await expect(prepareAvatar(new File(['x'], 'a.svg', { type: 'image/svg+xml' }))).rejects.toThrow(TypeError);
    });
  });

  it('changes the password with PATCH /profile/password and empties the fields', async () => {
    renderProfile({ answers: { 'PATCH /profile/password': { body: { message: 'Your password has been changed.' } } } });
    const password = await section('Password');
    fireEvent.change(within(password).getByLabelText(labelled('Current password')), { target: { value: 'Hangar2026' } });
    fireEvent.change(within(password).getByLabelText(labelled('New password')), { target: { value: 'Hangar2027' } });
    fireEvent.change(within(password).getByLabelText(labelled('Confirm password')), { target: { value: 'Hangar2027' } });
    fireEvent.click(within(password).getByRole('button', { name: 'Change password' }));
    expect((await within(password).findByRole('status')).textContent).toBe('Your password has been changed.');
    expect(fetchMock.callsTo('PATCH', '/profile/password')[0].body).toEqual({ current_password: 'Hangar2026', password: 'Hangar2027', password_confirmation: 'Hangar2027' });
    expect(within(password).getByLabelText<HTMLInputElement>(labelled('Current password')).value).toBe('');
  });

  it('shows a company admin the company details read-only with the contact-support note, and the KYC status', async () => {
    const user = companyAdminFixture();
    renderProfile({ user, profile: profileFixture(user, { company: COMPANY, kyc: { status: 'approved', reason: null, decided_at: '2026-01-11T09:00:00.000Z' } }) });
    const company = await section('Company details');
    expect(within(company).queryByRole('textbox')).toBeNull();
    expect(within(company).getByText('Nordic Line Maintenance')).toBeTruthy();
    expect(within(company).getByText('NO999999999')).toBeTruthy();
    expect(within(company).getByText(/To change your company details or account type, please contact support\./)).toBeTruthy();
    expect(within(company).getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe('/contacts');
    expect(screen.getByText('Identity check:').parentElement!.textContent).toContain('Approved');
  });

  it('shows a declined KYC status with its reason', async () => {
    const user = userFixture({ kyc_status: 'declined' });
    renderProfile({ user, profile: profileFixture(user, { kyc: { status: 'declined', reason: 'The VAT number does not match the company.', decided_at: null } }) });
    const reason = await screen.findByText('Reason: The VAT number does not match the company.');
    expect(reason.parentElement!.textContent).toContain('Identity check: Declined');
  });

  it('shows the account restriction notice of a banned account and of a compliance review (up to three days)', async () => {
    const banned = userFixture({
      status: 'banned',
      restriction: { status: 'banned', scope: 'user', review_until: null, message: 'Your account has been suspended. Please contact support.' },
    });
    const first = renderProfile({ user: banned });
    const notice = await screen.findByRole('alert', { name: 'Account restriction' });
    expect(within(notice).getByRole('heading', { name: 'Your account is suspended' })).toBeTruthy();
    expect(notice.textContent).toContain('Your account has been suspended. Please contact support.');
    first.unmount();
    fetchMock.restore();

    const reviewed = userFixture({
      status: 'compliance_review',
      review_until: '2026-03-04T12:00:00.000Z',
      restriction: {
        status: 'compliance_review',
        scope: 'company',
        review_until: '2026-03-04T12:00:00.000Z',
        message: 'Your company account is under compliance review. Some features are unavailable until the review ends.',
      },
    });
    renderProfile({ user: reviewed });
    const review = await screen.findByRole('alert', { name: 'Account restriction' });
    expect(within(review).getByRole('heading', { name: 'Your account is under compliance review' })).toBeTruthy();
    expect(review.textContent).toContain('Your company account is under compliance review.');
    expect(review.textContent).toMatch(/The review ends on .*2026.* at the latest\./);
  });

  it('opens the newsletter consent dialog and saves opt_in 1 or 0', async () => {
    renderProfile({ answers: { 'PATCH /profile/update-newsletter-consent': { body: { message: 'You are subscribed to our newsletter.' } } } });
    const newsletter = await section('Newsletter');
    expect(within(newsletter).getByText('You do not receive our newsletter.')).toBeTruthy();
    fireEvent.click(within(newsletter).getByRole('button', { name: 'Change newsletter subscription' }));
    const dialog = screen.getByRole('dialog', { name: 'Newsletter subscription' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Yes, send me the newsletter' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock.callsTo('PATCH', '/profile/update-newsletter-consent')[0].body).toEqual({ opt_in: 1 });
  });
});
