import { employeeGroupUpdateRequestSchema, EmployeeLimits, type EmployeeDto, type EmployeeGroupDto, type EmployeeGroupUpdateRequest } from '@aero/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useCan } from '@aero/web-accounts-data-access';
import { isSignInRequired, signInPath } from '@aero/web-checkout-data-access';
import { EmployeesPages, useGetGroupQuery, useRemoveGroupMutation, useUpdateGroupMutation } from '@aero/web-employees-data-access';
import { flashError, flashSuccess, useAppDispatch } from '@aero/web-shared-store';
import { ConfirmDialog, DataTable, FailureNotice, FormError, Modal, PageLoading, PageTitle, SchemaForm, TextField, useConfirmedAction, useSchemaForm } from '@aero/web-shared-ui';
import { failureMessage } from '@aero/web-shared-util';
import { useEmployeeColumns } from './employee-columns.js';
import { EmployeePicker } from './employee-picker.js';
import { NewEmployeeForm } from './new-employee-form.js';
import './employees-feature.css';

type OpenModal = 'add' | 'create' | 'rename' | null;

/**
 * The employee group edit page (learning §2): the group's name as title; the add-from-employee-list
 * modal, the create-and-add modal and the change-group-name modal; the members table (name link,
 * surname, email, department, division, position, edit and remove). A failed member change shows
 * the server's message (learning §8 "Group sync failure: the server message is shown").
 */
export function EmployeeGroupPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { data: group, isLoading, error } = useGetGroupQuery(id);
  const canManage = useCan('employee_groups.manage');
  const [update, { isLoading: saving }] = useUpdateGroupMutation();
  const [removeGroup, { isLoading: removing }] = useRemoveGroupMutation();
  const [modal, setModal] = useState<OpenModal>(null);
  const groupRemoval = useConfirmedAction(async () => {
    await removeGroup(id).unwrap();
    dispatch(flashSuccess(t('employees.groups.removed')));
    void navigate(EmployeesPages.groups);
  }, removing);

  if (isSignInRequired(error)) return <Navigate to={signInPath(EmployeesPages.group(id))} replace />;

  const members = group?.employees?.data ?? [];
  const memberIds = members.map((m) => m.id);
  /** Sets the members; answers whether it worked (a failure flashes the server's message). */
  const sync = async (employeeIds: string[]): Promise<boolean> => {
    try {
      await update({ id, employee_ids: employeeIds }).unwrap();
      return true;
    } catch (failure) {
      dispatch(flashError(failureMessage(failure) ?? t('errors.generic')));
      return false;
    }
  };

  return (
    <section className="page employee-group" aria-labelledby="employee-group-title">
      <PageTitle title={group?.name ?? t('screens.employee-groups')} />
      <h1 id="employee-group-title">{group ? t('employees.groups.title', { name: group.name }) : t('screens.employee-groups')}</h1>
      <p>
        <Link to={EmployeesPages.groups}>{t('employees.groups.back-to-groups')}</Link>
      </p>
      {isLoading && <PageLoading />}
      <FailureNotice failure={error} notFound={t('employees.groups.not-found')} />
      {group && (
        <>
          {canManage && (
            <div className="employee-group__actions">
              <button type="button" className="btn btn--primary" onClick={() => setModal('add')}>
                {t('employees.groups.add-from-list')}
              </button>
              <button type="button" className="btn btn--secondary" onClick={() => setModal('create')}>
                {t('employees.groups.create-and-add')}
              </button>
              <button type="button" className="btn btn--secondary" onClick={() => setModal('rename')}>
                {t('employees.groups.rename')}
              </button>
              <button type="button" className="btn btn--ghost" onClick={() => groupRemoval.ask()}>
                {t('employees.groups.remove-group')}
              </button>
            </div>
          )}
          <MembersTable group={group} members={members} canManage={canManage} busy={saving} onRemove={(member) => void sync(memberIds.filter((m) => m !== member.id))} />

          <Modal open={modal === 'add'} onClose={() => setModal(null)} title={t('employees.groups.add-from-list')} size="lg">
            <EmployeePicker chosen={memberIds} busy={saving} onPick={(employee) => void sync([...memberIds, employee.id])} />
          </Modal>
          <Modal open={modal === 'create'} onClose={() => setModal(null)} title={t('employees.groups.create-and-add')}>
            <CreateAndAddForm memberIds={memberIds} sync={sync} onDone={() => setModal(null)} />
          </Modal>
          <Modal open={modal === 'rename'} onClose={() => setModal(null)} title={t('employees.groups.rename')}>
            <RenameForm group={group} onDone={() => setModal(null)} />
          </Modal>
          <ConfirmDialog {...groupRemoval.dialog} text={t('employees.groups.remove-group-confirm', { name: group.name })} />
        </>
      )}
    </section>
  );
}

function MembersTable({
  group,
  members,
  canManage,
  busy,
  onRemove,
}: {
  group: EmployeeGroupDto;
  members: EmployeeDto[];
  canManage: boolean;
  busy: boolean;
  onRemove: (member: EmployeeDto) => void;
}) {
  const { t } = useTranslation();
  const columns = useEmployeeColumns({
    surname: true,
    removal: canManage && { label: (member) => t('employees.groups.remove-member', { name: member.name }), onRemove, busy },
  });
  if (members.length === 0) return <p>{t('employees.groups.no-members')}</p>;
  return (
    <DataTable
      label={t('employees.groups.members-label', { name: group.name })}
      busy={busy}
      rows={members}
      rowKey={(member) => member.id}
      columns={columns}
    />
  );
}

/** The create-and-add modal: a new employee (name and e-mail), then added to the group. */
function CreateAndAddForm({ memberIds, sync, onDone }: { memberIds: string[]; sync: (ids: string[]) => Promise<boolean>; onDone: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  return (
    <NewEmployeeForm
      className="form"
      submitLabel={t('employees.groups.create-and-add')}
      onCreated={async (employee) => {
        dispatch(flashSuccess(t('employees.added', { name: employee.name })));
        if (await sync([...memberIds, employee.id])) onDone();
      }}
    />
  );
}

/** The change-group-name modal: the name is required, server errors under it. */
function RenameForm({ group, onDone }: { group: EmployeeGroupDto; onDone: () => void }) {
  const { t } = useTranslation();
  const [update, { isLoading }] = useUpdateGroupMutation();
  const form = useSchemaForm(employeeGroupUpdateRequestSchema, { defaultValues: { name: group.name } as EmployeeGroupUpdateRequest });
  const submit = async ({ name }: EmployeeGroupUpdateRequest) => {
    await update({ id: group.id, name: name ?? '' }).unwrap();
    onDone();
  };
  return (
    <SchemaForm form={form} className="form" onSubmit={submit}>
      <FormError />
      <TextField name="name" label={t('employees.groups.name')} required maxLength={EmployeeLimits.groupNameMax} autoComplete="off" />
      <button type="submit" className="btn btn--primary" disabled={isLoading}>
        {t('common.save')}
      </button>
    </SchemaForm>
  );
}
