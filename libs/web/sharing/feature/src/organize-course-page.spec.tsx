import { afterEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { companyAdminFixture, EMPTY_CART_FIXTURE, mockFetch, PRODUCTS_FIXTURE, renderWithProviders, type FetchAnswer, type FetchMock } from '@aero/web-shared-testing';
import { OrganizeCoursePage, OrganizeSuccessPage } from './organize-course-page.js';

const COURSE = { ...PRODUCTS_FIXTURE[0], id: 201, name: 'Part-145 Initial Training', type: 'course' as const, program_id: 2001 };
const CERTIFICATE = { ...PRODUCTS_FIXTURE[0], id: 302, name: 'Certificate Part-145', type: 'certificate' as const, program_id: 2001 };
const STUDENTS = [
  { name: 'Lina', email: 'lina@example.com', share_by_ticket: 0, hard_copy_certificate: true },
  { name: 'Ona', email: null, share_by_ticket: 1, hard_copy_certificate: false },
];
const DRAFT = { course: { program_id: 2001, name: COURSE.name }, product: { id: 201, name: COURSE.name }, students: STUDENTS };

describe('organize course (learning §2, §4)', () => {
  let fetchMock: FetchMock;
  afterEach(() => fetchMock.restore());

  function render(answers: Record<string, FetchAnswer>) {
    fetchMock = mockFetch({
      '/api/me': { body: { data: companyAdminFixture() } },
      '/api/products': { body: { data: [COURSE, CERTIFICATE] } },
      '/api/cart': { body: EMPTY_CART_FIXTURE },
      '/employee-group': { body: { data: [] } },
      'POST /organize-course': { body: { data: DRAFT } },
      ...answers,
    });
    return renderWithProviders(null, {
      routes: [
        { path: '/organize-course', element: <OrganizeCoursePage /> },
        { path: '/organize-course/success', element: <OrganizeSuccessPage /> },
        { path: '/organize-course/success/:recipients', element: <OrganizeSuccessPage /> },
        { path: '/cart', element: <h1>Cart page</h1> },
      ],
      route: '/organize-course',
    });
  }

  it('1. choose a course by search; 2. a student without e-mail is forced to a ticket (disabled)', async () => {
    render({ '/api/organize-course': { body: { data: null } }, '/product-search': { body: { data: [COURSE] } } });
    fireEvent.change(await screen.findByLabelText('Search a course', undefined, { timeout: 5000 }), { target: { value: 'part-145' } });
    fireEvent.click(await screen.findByRole('button', { name: COURSE.name }));
    // The employee search runs with an empty text too: every employee (show_all=1), learning §5.
    await waitFor(() => expect(fetchMock.callsTo('GET', '/employees-search').some((c) => c.url.includes('show_all=1'))).toBe(true), { timeout: 3000 });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ona' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add student' }));
    const ticket = await screen.findByLabelText<HTMLInputElement>('Share by ticket with Ona');
    expect([ticket.checked, ticket.disabled]).toEqual([true, true]);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Lina' } });
    fireEvent.change(screen.getByLabelText('E-mail (optional)'), { target: { value: 'lina@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add student' }));
    const linaTicket = await screen.findByLabelText<HTMLInputElement>('Share by ticket with Lina');
    expect([linaTicket.checked, linaTicket.disabled]).toEqual([false, false]);
  });

  it('3. the summary counts students, e-mail and tickets; Place order puts exactly the missing seats and certificates in the cart', async () => {
    render({
      '/api/organize-course': { body: { data: DRAFT } },
      '/api/organize-course/availability/2001': { body: { program_id: 2001, seats: 1, certificates: 0 } },
      'POST /api/cart/add': { body: EMPTY_CART_FIXTURE },
    });
    const counts = await screen.findByText('Delivered by tickets', undefined, { timeout: 5000 });
    expect(counts.nextElementSibling?.textContent).toBe('1');
    // The summary shows the course's picture and name.
    const course = screen.getByRole('figure');
    await waitFor(() => expect(course.querySelector('img')?.getAttribute('src')).toBe(COURSE.images['16by9']));
    expect(within(course).getByText(COURSE.name)).toBeTruthy();
    const block = await screen.findByRole('region', { name: 'Need to order' });
    fireEvent.click(within(block).getByRole('button', { name: 'Place order' }));
    expect(await screen.findByRole('heading', { name: 'Cart page' })).toBeTruthy();
    expect(fetchMock.callsTo('POST', '/api/cart/add').map((c) => c.body)).toEqual([
      { product_id: 201, quantity: 1 },
      { product_id: 302, quantity: 1 },
    ]);
  });

  it('Deliver courses goes to the success page with the ticket recipients', async () => {
    render({
      '/api/organize-course': { body: { data: DRAFT } },
      '/api/organize-course/availability/2001': { body: { program_id: 2001, seats: 2, certificates: 1 } },
      'POST /organize-course/deliver': { body: { data: { delivered: [{ type: 'email', to: 'lina@example.com', name: 'Lina' }, { type: 'ticket', to: 'K7QF-3MZP-W2XD', name: 'Ona' }], certificates: 1 }, message: '2 courses were delivered.' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Deliver courses' }, { timeout: 5000 }));
    expect(await screen.findByRole('heading', { name: 'Courses delivered' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Print the 1 tickets' }).getAttribute('href')).toBe('/tickets/K7QF-3MZP-W2XD');
    expect(fetchMock.callsTo('POST', '/organize-course/deliver')[0].body).toEqual({ program_id: 2001, students: STUDENTS, send_tickets_by_email: false });
  });

  it("a failed delivery flashes 'Could not deliver courses. {message} Please try again' and opens 'Error!' with Reload", async () => {
    const view = render({
      '/api/organize-course': { body: { data: DRAFT } },
      '/api/organize-course/availability/2001': { body: { program_id: 2001, seats: 2, certificates: 1 } },
      'POST /organize-course/deliver': { status: 422, body: { message: 'Not enough courses.' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Deliver courses' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Error!' });
    expect(within(dialog).getByText('Could not deliver courses. Not enough courses. Please try again')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Reload' })).toBeTruthy();
    await waitFor(() => expect(view.store.getState().flash.messages.map((m) => m.text)).toContain('Could not deliver courses. Not enough courses. Please try again'));
  });
});
