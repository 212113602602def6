import { EmployeeLimits, invitationCreateRequestSchema, type InvitationCreateRequest, type InvitationDto } from '@aero/contracts';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { isSignInRequired, signInPath } from '@aero/web-checkout-data-access';
import { EmployeesPages, useCreateInvitationMutation, useGetInvitationQuery, useUpdateInvitationMutation } from '@aero/web-employees-data-access';
import { flashSuccess, useAppDispatch } from '@aero/web-shared-store';
import { FailureNotice, FormError, PageLoading, PageTitle, SchemaForm, SubmitButton, TextField, useSchemaForm } from '@aero/web-shared-ui';
import './employees-feature.css';

const EMPTY: InvitationCreateRequest = { email: '', division: '', department: '', position: '' };

/** /invitations/create: invite an e-mail to the Student List, with division, department and position. */
export function InvitationCreatePage() {
  const { t } = useTranslation();
  return (
    <section className="page invitation-form" aria-labelledby="invitation-form-title">
      <PageTitle title={t('employees.invitations.create-title')} />
      <h1 id="invitation-form-title">{t('employees.invitations.create-title')}</h1>
      <p>
        <Link to={EmployeesPages.invitations}>{t('employees.invitations.back')}</Link>
      </p>
      <InvitationForm />
    </section>
  );
}

/** /invitations/{id}/edit: a pending invitation's e-mail (a new one gets a new link), division, department and position. */
export function InvitationEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { data: invitation, isLoading, error } = useGetInvitationQuery(id);
  if (isSignInRequired(error)) return <Navigate to={signInPath(EmployeesPages.editInvitation(id))} replace />;
  return (
    <section className="page invitation-form" aria-labelledby="invitation-form-title">
      <PageTitle title={t('employees.invitations.edit-title')} />
      <h1 id="invitation-form-title">{t('employees.invitations.edit-title')}</h1>
      <p>
        <Link to={EmployeesPages.invitations}>{t('employees.invitations.back')}</Link>
      </p>
      {isLoading && <PageLoading />}
      <FailureNotice failure={error} />
      {invitation && <InvitationForm invitation={invitation} />}
    </section>
  );
}

function InvitationForm({ invitation }: { invitation?: InvitationDto }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [create, creating] = useCreateInvitationMutation();
  const [update, updating] = useUpdateInvitationMutation();
  const form = useSchemaForm(invitationCreateRequestSchema, {
    defaultValues: invitation
      ? { email: invitation.email, division: invitation.division ?? '', department: invitation.department ?? '', position: invitation.position ?? '' }
      : EMPTY,
  });
  const submit = async (values: InvitationCreateRequest) => {
    const answer = invitation ? await update({ id: invitation.id, body: values }).unwrap() : await create(values).unwrap();
    dispatch(flashSuccess(invitation ? answer.message : t('employees.invitations.sent', { email: answer.data.email })));
    void navigate(EmployeesPages.invitations);
  };
  const busy = creating.isLoading || updating.isLoading;
  return (
    <SchemaForm form={form} className="form" onSubmit={submit}>
      <FormError />
      <div className="form-grid">
        <TextField name="email" type="email" label={t('invitations.columns.email')} required maxLength={255} autoComplete="off" />
        <TextField name="division" label={t('invitations.columns.division')} maxLength={EmployeeLimits.textMax} autoComplete="off" />
        <TextField name="department" label={t('invitations.columns.department')} maxLength={EmployeeLimits.textMax} autoComplete="off" />
        <TextField name="position" label={t('invitations.columns.position')} maxLength={EmployeeLimits.textMax} autoComplete="off" />
      </div>
      <SubmitButton busy={busy}>{invitation ? t('common.save') : t('employees.invitations.send')}</SubmitButton>
    </SchemaForm>
  );
}
