import {
  checkRecipients,
  isShareableEmail,
  normalizeEmail,
  SHARING_LIMITS,
  type ShareItemDto,
  type ShareSort,
  type ShareType,
} from '@aero/contracts';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { isSignInRequired, signInPath } from '@aero/web-checkout-data-access';
import {
  SharingPages,
  useAvailableForSharingQuery,
  useCancelSelectedMutation,
  useCancelShareMutation,
  useLazyListSharesQuery,
  useListSharesQuery,
  useRecallMutation,
  useResendMutation,
  useResendSelectedMutation,
  useSharableCoursesQuery,
  useShareManyMutation,
  useShareMutation,
} from '@aero/web-sharing-data-access';
import { flashError, flashSuccess, useAppDispatch } from '@aero/web-shared-store';
import {
  ConfirmDialog,
  DataTable,
  FailureNotice,
  Modal,
  PageLoading,
  PageTitle,
  Pagination,
  PerPageSelect,
  RowActions,
  SearchForm,
  useListParams,
  useTableSort,
  type TableColumn,
} from '@aero/web-shared-ui';
import { failureMessage } from '@aero/web-shared-util';
import { AvailabilityModal } from './availability-modal.js';
import './sharing-feature.css';

/** One recipient row of the Share tab, before it is sent (learning §3 share item, client side). */
interface DraftRow {
  key: number;
  share_to: string;
  share_type: ShareType;
  /** Selected for sharing. */
  share: boolean;
  has_errors: boolean;
  status_description: string;
}

let nextRowKey = 1;
const newRow = (email = ''): DraftRow => ({ key: nextRowKey++, share_to: email, share_type: 'email', share: true, has_errors: false, status_description: '' });

/**
 * /quick-share (learning §2 Quick share page): pick a course you have seats of, then the Share tab
 * (seats available; Add recipient, Add multiple recipients) and the Sharing tab (the shared items:
 * search, sortable columns, select all, page size, Resend selected, Cancel selected, row actions
 * Print Ticket, Resend, Cancel, pagination). The availability list opens in a modal.
 */
export function QuickSharePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const courses = useSharableCoursesQuery();
  const [tab, setTab] = useState<'share' | 'sharing'>('share');
  const [availabilityOpen, setAvailabilityOpen] = useState(false);

  if (isSignInRequired(courses.error)) return <Navigate to={signInPath(SharingPages.quickShare)} replace />;
  const list = courses.data ?? [];
  const chosen = Number(params.get('course')) || list[0]?.program_id || 0;
  const course = list.find((c) => c.program_id === chosen);

  return (
    <section className="page quick-share" aria-labelledby="quick-share-title">
      <PageTitle title={t('screens.quick-share')} />
      <h1 id="quick-share-title">{t('screens.quick-share')}</h1>
      {courses.isLoading && <PageLoading />}
      {courses.data && list.length === 0 && <p>{t('quick-share.no-courses')}</p>}
      {list.length > 0 && (
        <label className="quick-share__course">
          {t('quick-share.course')}{' '}
          <select value={chosen} onChange={(event) => setParams({ course: event.target.value })}>
            {list.map((c) => (
              <option key={c.program_id} value={c.program_id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {course && (
        <CourseSharing
          programId={course.program_id}
          tab={tab}
          onTab={setTab}
          onAvailability={() => setAvailabilityOpen(true)}
        />
      )}
      {course && <AvailabilityModal programId={course.program_id} open={availabilityOpen} onClose={() => setAvailabilityOpen(false)} />}
    </section>
  );
}

function CourseSharing({ programId, tab, onTab, onAvailability }: { programId: number; tab: 'share' | 'sharing'; onTab: (tab: 'share' | 'sharing') => void; onAvailability: () => void }) {
  const { t } = useTranslation();
  const available = useAvailableForSharingQuery(programId).data?.count ?? 0;
  const sharingCount = useListSharesQuery({ programId, perPage: SHARING_LIMITS.defaultPerPage }).data?.meta.counts.sharing ?? 0;
  return (
    <>
      <div role="tablist" aria-label={t('quick-share.tabs')} className="quick-share__tabs">
        <button type="button" role="tab" id="tab-share" aria-controls="panel-share" aria-selected={tab === 'share'} onClick={() => onTab('share')}>
          {t('sharing.tab-share')} <span className="quick-share__count">{available}</span>
        </button>
        <button type="button" role="tab" id="tab-sharing" aria-controls="panel-sharing" aria-selected={tab === 'sharing'} onClick={() => onTab('sharing')}>
          {t('sharing.tab-sharing')} <span className="quick-share__count">{sharingCount}</span>
        </button>
        <button type="button" className="btn btn--link quick-share__availability" onClick={onAvailability}>
          {t('quick-share.availability')}
        </button>
      </div>
      {tab === 'share' ? (
        <div role="tabpanel" id="panel-share" aria-labelledby="tab-share">
          <ShareTab programId={programId} available={available} />
        </div>
      ) : (
        <div role="tabpanel" id="panel-sharing" aria-labelledby="tab-sharing">
          <SharingTab programId={programId} />
        </div>
      )}
    </>
  );
}

/** The Share tab: recipient rows to send, one seat each. */
function ShareTab({ programId, available }: { programId: number; available: number }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [rows, setRows] = useState<DraftRow[]>([]);
  const [multipleOpen, setMultipleOpen] = useState(false);
  const [confirmEmail, setConfirmEmail] = useState<{ row: DraftRow; resolve: (yes: boolean) => void } | null>(null);
  const [share, { isLoading }] = useShareMutation();
  const [findShares] = useLazyListSharesQuery();

  const update = (key: number, change: Partial<DraftRow>) => setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const askAnother = (row: DraftRow) => new Promise<boolean>((resolve) => setConfirmEmail({ row, resolve }));
  /** Whether the address already has a share of the course: the server searches the whole Sharing list, not one page of it. */
  const hasShare = async (email: string) => {
    const address = normalizeEmail(email);
    const found = await findShares({ programId, search: address, perPage: Math.max(...SHARING_LIMITS.perPageOptions) }).unwrap().catch(() => null);
    return (found?.data ?? []).some((item) => item.share_to === address);
  };

  const shareSelected = async () => {
    for (const row of rows.filter((r) => r.share)) {
      const email = row.share_to.trim();
      // The e-mail check (learning §5): a row that fails it is flagged and not sent.
      if ((row.share_type === 'email' || email !== '') && !isShareableEmail(email)) {
        update(row.key, { has_errors: true, status_description: t('validation.email') });
        continue;
      }
      if (email && (await hasShare(email)) && !(await askAnother(row))) continue;
      try {
        const answer = await share({ programId, email: email || undefined, shareType: row.share_type }).unwrap();
        setRows((all) => all.filter((r) => r.key !== row.key));
        dispatch(flashSuccess(t('quick-share.shared-to', { to: answer.shared_to })));
      } catch (error) {
        const message = failureMessage(error) ?? t('sharing.share-error', { email });
        update(row.key, { has_errors: true, status_description: message });
        dispatch(flashError(message));
      }
    }
  };

  return (
    <div className="quick-share__share">
      <div className="quick-share__actions">
        <button type="button" className="btn btn--secondary" onClick={() => setRows((all) => [...all, newRow()])}>
          {t('sharing.add-recipient')}
        </button>
        <button type="button" className="btn btn--secondary" onClick={() => setMultipleOpen(true)}>
          {t('sharing.add-multiple')}
        </button>
      </div>
      {rows.length === 0 && <p>{t('quick-share.share-hint', { count: available })}</p>}
      {rows.length > 0 && (
        <DataTable
          label={t('quick-share.recipients')}
          rows={rows}
          rowKey={(row) => row.key}
          rowClassName={(row) => (row.has_errors ? 'quick-share__row--error' : undefined)}
          columns={[
            {
              key: 'share',
              header: t('quick-share.columns.share'),
              cell: (row, index) => (
                <input type="checkbox" aria-label={t('quick-share.select-row', { n: index + 1 })} checked={row.share} onChange={(e) => update(row.key, { share: e.target.checked })} />
              ),
            },
            {
              key: 'recipient',
              header: t('quick-share.columns.recipient'),
              cell: (row, index) => (
                <input
                  type="email"
                  className="form-field__input"
                  aria-label={t('quick-share.recipient-n', { n: index + 1 })}
                  aria-invalid={row.has_errors || undefined}
                  value={row.share_to}
                  placeholder={row.share_type === 'ticket' ? t('quick-share.ticket-email-optional') : 'name@example.com'}
                  onChange={(e) => update(row.key, { share_to: e.target.value, has_errors: false, status_description: '' })}
                />
              ),
            },
            {
              key: 'share-type',
              header: t('quick-share.columns.share-type'),
              cell: (row, index) => (
                <button
                  type="button"
                  className="btn btn--secondary"
                  aria-label={t('quick-share.toggle-type', { n: index + 1 })}
                  onClick={() => update(row.key, { share_type: row.share_type === 'email' ? 'ticket' : 'email' })}
                >
                  {t(`quick-share.type.${row.share_type}`)}
                </button>
              ),
            },
            { key: 'status', header: t('quick-share.columns.status'), cell: (row) => row.status_description },
            {
              key: 'actions',
              header: t('quick-share.columns.actions'),
              headerHidden: true,
              cell: (row) => (
                <button type="button" className="btn btn--link" onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}>
                  {t('common.remove')}
                </button>
              ),
            },
          ]}
        />
      )}
      {rows.length > 0 && (
        <button type="button" className="btn btn--primary" disabled={isLoading || !rows.some((r) => r.share)} aria-busy={isLoading || undefined} onClick={() => void shareSelected()}>
          {t('quick-share.share-selected')}
        </button>
      )}
      <MultipleRecipientsDialog programId={programId} available={available} open={multipleOpen} onClose={() => setMultipleOpen(false)} />
      <ConfirmDialog
        open={confirmEmail !== null}
        text={t('sharing.same-email-confirm')}
        confirmLabel={t('quick-share.share-another')}
        onConfirm={() => {
          confirmEmail?.resolve(true);
          setConfirmEmail(null);
        }}
        onCancel={() => {
          confirmEmail?.resolve(false);
          setConfirmEmail(null);
        }}
      />
    </div>
  );
}

/** Add multiple recipients: the paste is checked as the service checks it, then every seat shared at once. */
function MultipleRecipientsDialog({ programId, available, open, onClose }: { programId: number; available: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [text, setText] = useState('');
  const [shareType, setShareType] = useState<ShareType>('email');
  const [message, setMessage] = useState<string | null>(null);
  const [shareMany, { isLoading }] = useShareManyMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = checkRecipients(text, available);
    if (!check.ok) {
      setMessage(check.message);
      return;
    }
    try {
      const answer = await shareMany({ programId, emails: text, shareType }).unwrap();
      dispatch(flashSuccess(answer.message));
      setText('');
      setMessage(null);
      onClose();
    } catch (error) {
      const errors = (error as { data?: { errors?: Record<string, string[]> } })?.data?.errors;
      setMessage(errors?.emails?.[0] ?? failureMessage(error) ?? t('errors.generic'));
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('sharing.add-multiple')}
      footer={
        <button type="submit" form="multiple-recipients" className="btn btn--primary" disabled={isLoading} aria-busy={isLoading || undefined}>
          {t('quick-share.share')}
        </button>
      }
    >
      <form id="multiple-recipients" onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor="multiple-emails">{t('quick-share.multiple-label')}</label>
        <textarea id="multiple-emails" className="form-field__input" rows={6} value={text} aria-invalid={message ? true : undefined} aria-describedby={message ? 'multiple-error' : undefined} onChange={(e) => setText(e.target.value)} />
        <label className="quick-share__type">
          <input type="checkbox" checked={shareType === 'ticket'} onChange={(e) => setShareType(e.target.checked ? 'ticket' : 'email')} /> {t('quick-share.as-tickets')}
        </label>
        {message && (
          <p id="multiple-error" className="notice notice--error" role="alert">
            {message}
          </p>
        )}
      </form>
    </Modal>
  );
}

/** The Sharing tab: the shared items with search, sorting, selection, bulk and row actions. */
function SharingTab({ programId }: { programId: number }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { search, page, perPage, go } = useListParams(SHARING_LIMITS.defaultPerPage);
  // A new column sorts ascending, but the send date newest first.
  const sort = useTableSort<ShareSort>({ column: 'send_at', direction: 'desc' }, (column) => (column === 'send_at' ? 'desc' : 'asc'));
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const { data, isFetching, error } = useListSharesQuery({ programId, search, sort: sort.column, direction: sort.direction, page, perPage });
  const [resend] = useResendMutation();
  const [cancel] = useCancelShareMutation();
  const [recall] = useRecallMutation();
  const [resendSelected] = useResendSelectedMutation();
  const [cancelSelected] = useCancelSelectedMutation();
  const items = useMemo(() => data?.data ?? [], [data]);

  const act = async (run: () => Promise<{ message: string }>, failure: string) => {
    try {
      dispatch(flashSuccess((await run()).message));
      setSelected(new Set());
    } catch (e) {
      dispatch(flashError(failureMessage(e) ?? failure));
    }
  };
  const columns: TableColumn<ShareItemDto, ShareSort>[] = [
    { key: 'send_at', sortBy: 'send_at', header: t('quick-share.columns.send-date'), cell: (item) => (item.send_at ? new Date(item.send_at).toLocaleDateString() : '—') },
    { key: 'available_till', sortBy: 'available_till', header: t('quick-share.columns.available-till'), cell: (item) => item.available_till },
    { key: 'status', sortBy: 'status', header: t('quick-share.columns.status'), cell: (item) => item.status_description },
    {
      key: 'share_to',
      sortBy: 'share_to',
      header: t('quick-share.columns.recipient'),
      cell: (item) => (
        <>
          {item.share_to}
          {item.share_type === 'ticket' && <span className="quick-share__badge">{t('quick-share.type.ticket')}</span>}
        </>
      ),
    },
    {
      key: 'actions',
      header: t('quick-share.columns.actions'),
      headerHidden: true,
      cell: (item) => (
        <RowActions>
          {item.share_type === 'ticket' && (
            <a className="btn btn--secondary list-table__button" href={SharingPages.ticket(item.share_to)} target="_blank" rel="noopener">
              {t('sharing.print-ticket')}
            </a>
          )}
          {item.can_resend && (
            <button type="button" className="btn btn--secondary list-table__button" onClick={() => void act(() => resend(item.id).unwrap(), t('sharing.resend-error'))}>
              {t('sharing.resend')}
            </button>
          )}
          {item.can_cancel && (
            <button type="button" className="btn btn--secondary list-table__button" onClick={() => void act(() => cancel(item.id).unwrap(), t('sharing.cancel-error'))}>
              {t('sharing.cancel')}
            </button>
          )}
          {!item.can_cancel && item.can_recall && (
            <button type="button" className="btn btn--secondary list-table__button" onClick={() => void act(() => recall(item.id).unwrap(), t('sharing.recall-error'))}>
              {t('quick-share.recall')}
            </button>
          )}
        </RowActions>
      ),
    },
  ];

  return (
    <div className="quick-share__sharing">
      <SearchForm id="sharing-search" label={t('quick-share.search-label')} maxLength={200} onSearch={(text) => go({ search: text })}>
        <PerPageSelect value={perPage} options={SHARING_LIMITS.perPageOptions} onChange={(size) => go({ perPage: size })} />
      </SearchForm>
      <div className="quick-share__actions">
        <button type="button" className="btn btn--secondary" disabled={selected.size === 0} onClick={() => void act(() => resendSelected([...selected]).unwrap(), t('sharing.resend-error'))}>
          {t('sharing.resend-selected')}
        </button>
        <button type="button" className="btn btn--secondary" disabled={selected.size === 0} onClick={() => void act(() => cancelSelected([...selected]).unwrap(), t('sharing.cancel-error'))}>
          {t('sharing.cancel-selected')}
        </button>
      </div>
      {!data && <FailureNotice failure={error} />}
      {data && items.length === 0 && <p>{search ? t('quick-share.no-match') : t('quick-share.nothing-shared')}</p>}
      {items.length > 0 && (
        <DataTable
          label={t('quick-share.sharing-list')}
          busy={isFetching}
          rows={items}
          rowKey={(item) => item.id}
          sort={sort}
          selection={{ selected, onChange: setSelected, allLabel: t('quick-share.select-all'), rowLabel: (item) => t('quick-share.select-item', { to: item.share_to }) }}
          columns={columns}
        />
      )}
      {data && <Pagination page={page} totalPages={data.meta.pagination.total_pages} onPage={(next) => go({ page: next })} label={t('quick-share.pagination')} />}
    </div>
  );
}
