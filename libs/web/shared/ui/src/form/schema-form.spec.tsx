import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AccountMessages, passwordChangeRequestSchema, type PasswordChangeRequest } from '@aero/contracts';
import { TextField } from './form-field.js';
import { FormError, SchemaForm, useSchemaForm, type FormRefusal, type ServerFailure } from './schema-form.js';

type Send = (values: PasswordChangeRequest) => Promise<unknown>;

/** The password change form, built with the kit around the contracts' schema of its request. */
function PasswordForm({ send, refusal }: { send: Send; refusal?: FormRefusal<PasswordChangeRequest> }) {
  const form = useSchemaForm(passwordChangeRequestSchema, { defaultValues: { current_password: '', password: '', password_confirmation: '' } });
  return (
    <SchemaForm form={form} onSubmit={send} refusal={refusal} aria-label="Password">
      <FormError />
      <TextField name="current_password" label="Current password" type="password" required />
      <TextField name="password" label="New password" type="password" required />
      <TextField name="password_confirmation" label="Confirm password" type="password" required />
      <button type="submit">Change password</button>
    </SchemaForm>
  );
}

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(new RegExp(`^${label}\\*?$`));
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
/** The message a control is described by (the `field-error` under it), or null. */
const messageOf = (label: string) => {
  const ids = (input(label).getAttribute('aria-describedby') ?? '').split(' ');
  return ids.map((id) => document.getElementById(id)).find((element) => element?.classList.contains('field-error'))?.textContent ?? null;
};
/** A refused post as RTK Query's `unwrap()` rejects it: `{ status, data }`. */
const refused = (status: number | string, data?: unknown) => Promise.reject(Object.assign(new Error('refused'), { status, data }));

function fillValid() {
  type('Current password', 'Hangar2026');
  type('New password', 'Hangar2027');
  type('Confirm password', 'Hangar2027');
}

describe('the form kit (react-hook-form with the request schemas of libs/contracts)', () => {
  it("blocks the submit while a field breaks a rule, showing the spec's message under the field", async () => {
    const send = jest.fn<Send>(() => Promise.resolve());
    render(<PasswordForm send={send} />);
    type('New password', 'hangar');
    type('Confirm password', 'hangar2');
    submit();

    await waitFor(() => expect(messageOf('New password')).toBe('The password must have at least 8 characters.'));
    expect(messageOf('Current password')).toBe(AccountMessages.currentPasswordWrong);
    expect(messageOf('Confirm password')).toBe(AccountMessages.passwordConfirmation);
    expect(input('New password').getAttribute('aria-invalid')).toBe('true');
    expect(send).not.toHaveBeenCalled();

    // Fixed: the field is checked again as it changes, and the form goes out.
    fillValid();
    await waitFor(() => expect(messageOf('New password')).toBeNull());
    submit();
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0][0]).toEqual({ current_password: 'Hangar2026', password: 'Hangar2027', password_confirmation: 'Hangar2027' });
  });

  it("puts the first message of each field of a 422 under its field; a new submit clears the server's messages", async () => {
    const send = jest.fn<Send>(() =>
      refused(422, {
        message: AccountMessages.formInvalid,
        errors: { current_password: [AccountMessages.currentPasswordWrong, 'second'], password: ['The password has been used before.'] },
      }),
    );
    render(<PasswordForm send={send} />);
    fillValid();
    submit();

    await waitFor(() => expect(messageOf('Current password')).toBe(AccountMessages.currentPasswordWrong));
    expect(messageOf('New password')).toBe('The password has been used before.');
    expect(screen.queryByText('second')).toBeNull();
    expect(input('Current password').getAttribute('aria-invalid')).toBe('true');
    // Every field got its message: nothing above the fields by default.
    expect(screen.queryByRole('alert')).toBeNull();

    send.mockImplementation(() => Promise.resolve());
    submit();
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(messageOf('Current password')).toBeNull());
    expect(messageOf('New password')).toBeNull();
  });

  it("shows the server's message above the fields when no field got one, else 'Something went wrong'", async () => {
    const send = jest.fn<Send>(() => refused(429, { message: 'Too many attempts, retry in 52 seconds.' }));
    render(<PasswordForm send={send} />);
    fillValid();
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts, retry in 52 seconds.');

    send.mockImplementation(() => refused('FETCH_ERROR'));
    submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Something went wrong'));
  });

  it('shows a server field the form has no control for under the field it names, unless that field has its own message', async () => {
    const answers = [
      { token: ['This password reset token is invalid.'] },
      { token: ['This password reset token is invalid.'], current_password: [AccountMessages.currentPasswordWrong] },
    ];
    let calls = 0;
    const send = jest.fn<Send>(() => refused(422, { message: AccountMessages.formInvalid, errors: answers[calls++] }));
    render(<PasswordForm send={send} refusal={{ shownUnder: { token: 'current_password' } }} />);
    fillValid();
    submit();
    await waitFor(() => expect(messageOf('Current password')).toBe('This password reset token is invalid.'));
    submit();
    await waitFor(() => expect(messageOf('Current password')).toBe(AccountMessages.currentPasswordWrong));
  });

  it("a refusal found in the browser reads like the server's: the form's top message, the same callback", async () => {
    const refusals: ServerFailure[] = [];
    const send = jest.fn<Send>(() => refused(422, { message: AccountMessages.formInvalid, errors: { password: ['The password has been used before.'] } }));
    const refusal: FormRefusal<PasswordChangeRequest> = {
      invalidMessage: AccountMessages.formInvalid,
      message: (answer) => answer.message,
      onRefused: (answer) => refusals.push(answer),
    };
    render(<PasswordForm send={send} refusal={refusal} />);
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(AccountMessages.formInvalid);
    expect(send).not.toHaveBeenCalled();

    fillValid();
    submit();
    await waitFor(() => expect(refusals).toHaveLength(2));
    expect(screen.getByRole('alert').textContent).toBe(AccountMessages.formInvalid);
    expect(refusals.map(({ status, message, fields }) => ({ status, message, fields }))).toEqual([
      {
        status: 422,
        message: AccountMessages.formInvalid,
        fields: { current_password: AccountMessages.currentPasswordWrong, password: 'The password is required.' },
      },
      { status: 422, message: AccountMessages.formInvalid, fields: { password: 'The password has been used before.' } },
    ]);
  });
});
