import { isShareableEmail, type OrganizeDraftDto, type ProductDto, type StudentAssignmentDto } from '@aero/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useAddToCartMutation } from '@aero/web-cart-data-access';
import { useGetProductsQuery, useSearchCoursesQuery } from '@aero/web-catalog-data-access';
import { isSignInRequired, signInPath } from '@aero/web-checkout-data-access';
import { useListGroupsQuery, useSearchEmployeesQuery } from '@aero/web-employees-data-access';
import {
  SharingPages,
  useClearOrganizeDraftMutation,
  useDeliverCoursesMutation,
  useOrganizeAvailabilityQuery,
  useOrganizeDraftQuery,
  useSaveOrganizeDraftMutation,
} from '@aero/web-sharing-data-access';
import { flashError, useAppDispatch } from '@aero/web-shared-store';
import { DataTable, NoticeDialog, PageLoading, PageTitle } from '@aero/web-shared-ui';
import { failureMessage, useDebouncedValue } from '@aero/web-shared-util';
import './sharing-feature.css';

/** Product search debounce (learning §9: 300 ms); employee search debounce (500 ms). */
export const COURSE_SEARCH_DEBOUNCE_MS = 300;
export const EMPLOYEE_SEARCH_DEBOUNCE_MS = 500;

const EMPTY: OrganizeDraftDto = { course: null, product: null, students: [] };

/** A student without an e-mail can only get a ticket (learning §5 Employees and organizing). */
function normalized(student: StudentAssignmentDto): StudentAssignmentDto {
  return student.email ? student : { ...student, share_by_ticket: 1 };
}

/**
 * /organize-course (learning §2 organize-course page, §4 organize flow): 1. choose a course
 * (search); 2. add students (typed in, from the employees search, or a group's members), each with
 * e-mail, share by ticket (forced and disabled without e-mail) and hard-copy certificate; 3. the
 * summary with the counts and either Place order (exactly the missing seats and certificates go to
 * the cart) or Deliver courses. The draft is kept by the server between visits.
 */
export function OrganizeCoursePage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const stored = useOrganizeDraftQuery();
  const [save] = useSaveOrganizeDraftMutation();
  const [clear] = useClearOrganizeDraftMutation();
  const [draft, setDraft] = useState<OrganizeDraftDto | null>(null);
  const [step, setStep] = useState<1 | 2 | 3>(1);
  const [failure, setFailure] = useState<string | null>(null);
  const loaded = useRef(false);

  useEffect(() => {
    if (loaded.current || stored.isLoading) return;
    loaded.current = true;
    const initial = stored.data ?? EMPTY;
    setDraft(initial);
    setStep(initial.course ? (initial.students.length ? 3 : 2) : 1);
  }, [stored.isLoading, stored.data]);

  // The draft goes to the server after each change (POST /organize-course), a moment later.
  const pending = useDebouncedValue(draft, 500);
  useEffect(() => {
    if (pending && loaded.current && pending.course) void save(pending).unwrap().catch(() => undefined);
  }, [pending, save]);

  if (isSignInRequired(stored.error)) return <Navigate to={signInPath(SharingPages.organize)} replace />;
  if (!draft) return <PageLoading />;

  const update = (change: Partial<OrganizeDraftDto>) => setDraft((now) => ({ ...(now ?? EMPTY), ...change }));
  const removeCourse = () => {
    setDraft(EMPTY);
    setStep(1);
    void clear().unwrap().catch(() => undefined);
  };

  return (
    <section className="page organize" aria-labelledby="organize-title">
      <PageTitle title={t('screens.organize-course')} />
      <h1 id="organize-title">{t('screens.organize-course')}</h1>
      <ol className="organize__steps" aria-label={t('organize-course.steps')}>
        {[1, 2, 3].map((n) => (
          <li key={n} aria-current={step === n ? 'step' : undefined}>
            {t(`organize-course.step-${n}`)}
          </li>
        ))}
      </ol>
      {step === 1 && (
        <CourseStep
          onChosen={(product) => {
            update({ course: { program_id: product.program_id as number, name: product.name }, product: { id: product.id, name: product.name } });
            setStep(2);
          }}
        />
      )}
      {step > 1 && draft.course && (
        <p className="organize__course">
          <strong>{draft.course.name}</strong>{' '}
          <button type="button" className="btn btn--link" onClick={removeCourse}>
            {t('organize-course.remove-course')}
          </button>
        </p>
      )}
      {step === 2 && draft.course && (
        <StudentsStep
          students={draft.students}
          onChange={(students) => update({ students })}
          onNext={() => {
            setStep(3);
            void save(draft).unwrap().catch(() => undefined);
          }}
        />
      )}
      {step === 3 && draft.course && draft.product && (
        <SummaryStep
          draft={draft}
          // The draft must be on the server before the cart page: the organizer comes back to it.
          persist={() => save(draft).unwrap().then(() => undefined)}
          onBack={() => setStep(2)}
          onDelivered={(tickets) => void navigate(SharingPages.organizeSuccess(tickets))}
          onFailed={(message) => {
            const text = t('organize.deliver-error', { message });
            dispatch(flashError(text));
            setFailure(text);
          }}
        />
      )}
      <NoticeDialog
        open={failure !== null}
        onClose={() => setFailure(null)}
        title={t('organize.error-title')}
        text={failure}
        buttonLabel={t('organize.reload')}
        onButton={() => window.location.reload()}
      />
    </section>
  );
}

/** Step 1: search a course (300 ms after typing), pick one. */
function CourseStep({ onChosen }: { onChosen: (product: ProductDto) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), COURSE_SEARCH_DEBOUNCE_MS);
  const { data = [], isFetching } = useSearchCoursesQuery(query, { skip: query === '' });
  return (
    <div className="organize__course-step">
      <label htmlFor="organize-course-search">{t('organize-course.search-label')}</label>
      <input id="organize-course-search" type="search" className="form-field__input" value={text} onChange={(e) => setText(e.target.value)} />
      <ul className="organize__results" aria-busy={isFetching || undefined} aria-label={t('organize-course.results')}>
        {data
          .filter((product) => product.program_id !== null)
          .map((product) => (
            <li key={product.id}>
              <button type="button" className="btn btn--link" onClick={() => onChosen(product)}>
                {product.name}
              </button>
            </li>
          ))}
      </ul>
    </div>
  );
}

/** Step 2: the students table, typed in or added from the employees and groups. */
function StudentsStep({ students, onChange, onNext }: { students: StudentAssignmentDto[]; onChange: (students: StudentAssignmentDto[]) => void; onNext: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search, EMPLOYEE_SEARCH_DEBOUNCE_MS);
  const chosen = students.map((s) => s.id).filter((id): id is string => Boolean(id));
  // The search runs at one character or more, and when empty (every employee, show_all=1): learning §5.
  const employees = useSearchEmployeesQuery({ query: query.trim(), not: chosen });
  const groups = useListGroupsQuery(undefined);
  const [viewing, setViewing] = useState<string | null>(null);

  const add = (more: StudentAssignmentDto[]) => onChange([...students, ...more.filter((m) => !m.id || !chosen.includes(m.id)).map(normalized)]);
  const change = (index: number, next: Partial<StudentAssignmentDto>) => onChange(students.map((s, i) => (i === index ? normalized({ ...s, ...next }) : s)));

  return (
    <div className="organize__students-step">
      <form
        className="organize__add-student"
        onSubmit={(event) => {
          event.preventDefault();
          if (!name.trim()) return setError(t('organize-course.name-required'));
          if (email.trim() && !isShareableEmail(email.trim())) return setError(t('validation.email'));
          setError(null);
          add([{ name: name.trim(), email: email.trim() || null, share_by_ticket: email.trim() ? 0 : 1, hard_copy_certificate: false }]);
          setName('');
          setEmail('');
        }}
      >
        <input aria-label={t('organize-course.student-name')} placeholder={t('organize-course.student-name')} className="form-field__input" value={name} onChange={(e) => setName(e.target.value)} />
        <input aria-label={t('organize-course.student-email')} placeholder={t('organize-course.student-email')} type="email" className="form-field__input" value={email} onChange={(e) => setEmail(e.target.value)} />
        <button type="submit" className="btn btn--secondary">
          {t('organize-course.add-student')}
        </button>
        {error && (
          <p className="form-field__error" role="alert">
            {error}
          </p>
        )}
      </form>
      <label htmlFor="organize-employee-search">{t('organize-course.employee-search')}</label>
      <input id="organize-employee-search" type="search" className="form-field__input" value={search} onChange={(e) => setSearch(e.target.value)} />
      {employees.data && employees.data.data.length > 0 && (
        <ul className="organize__results" aria-label={t('organize-course.employees')}>
          {employees.data.data.map((employee) => (
            <li key={employee.id}>
              <button
                type="button"
                className="btn btn--link"
                onClick={() => add([{ id: employee.id, name: employee.name, email: employee.email, share_by_ticket: employee.email ? 0 : 1, hard_copy_certificate: false }])}
              >
                {t('organize-course.add-named', { name: employee.name })}
              </button>
            </li>
          ))}
        </ul>
      )}
      {(groups.data ?? []).length > 0 && (
        <div className="organize__groups" aria-label={t('organize-course.groups')}>
          {(groups.data ?? []).map((group) => (
            <div key={group.id} className="organize__group-card">
              <strong>{group.name}</strong> ({group.employees_count})
              <button type="button" className="btn btn--link" onClick={() => setViewing(viewing === group.id ? null : group.id)}>
                {t('common.view')}
              </button>
              <button
                type="button"
                className="btn btn--link"
                onClick={() => add((group.employees?.data ?? []).map((e) => ({ id: e.id, name: e.name, email: e.email, share_by_ticket: e.email ? 0 : 1, hard_copy_certificate: false })))}
              >
                {t('common.add')}
              </button>
              <button type="button" className="btn btn--link" onClick={() => onChange(students.filter((s) => !(group.employees?.data ?? []).some((e) => e.id === s.id)))}>
                {t('common.remove')}
              </button>
              {viewing === group.id && (
                <ul>
                  {(group.employees?.data ?? []).map((e) => (
                    <li key={e.id}>{e.name}</li>
                  ))}
                </ul>
              )}
            </div>
          ))}
        </div>
      )}
      {students.length > 0 && (
        <DataTable
          label={t('organize-course.students')}
          rows={students}
          rowKey={(student, index) => `${student.id ?? 'typed'}-${index}`}
          columns={[
            { key: 'name', header: t('organize-course.columns.name'), cell: (student) => student.name },
            { key: 'email', header: t('organize-course.columns.email'), cell: (student) => student.email ?? '—' },
            {
              key: 'ticket',
              header: t('organize-course.columns.ticket'),
              cell: (student, index) => (
                <input
                  type="checkbox"
                  aria-label={t('organize-course.ticket-for', { name: student.name })}
                  checked={student.share_by_ticket === 1}
                  disabled={!student.email}
                  onChange={(e) => change(index, { share_by_ticket: e.target.checked ? 1 : 0 })}
                />
              ),
            },
            {
              key: 'hard-copy',
              header: t('organize-course.columns.hard-copy'),
              cell: (student, index) => (
                <input
                  type="checkbox"
                  aria-label={t('organize-course.hard-copy-for', { name: student.name })}
                  checked={student.hard_copy_certificate}
                  onChange={(e) => change(index, { hard_copy_certificate: e.target.checked })}
                />
              ),
            },
            {
              key: 'remove',
              header: t('organize-course.columns.remove'),
              headerHidden: true,
              cell: (_, index) => (
                <button type="button" className="btn btn--link" onClick={() => onChange(students.filter((_, i) => i !== index))}>
                  {t('common.remove')}
                </button>
              ),
            },
          ]}
        />
      )}
      <button type="button" className="btn btn--primary" disabled={students.length === 0} onClick={onNext}>
        {t('organize-course.next')}
      </button>
    </div>
  );
}

/** Step 3: counts, the need-to-order block (Place order) or Deliver courses. */
function SummaryStep({
  draft,
  persist,
  onBack,
  onDelivered,
  onFailed,
}: {
  draft: OrganizeDraftDto;
  persist: () => Promise<void>;
  onBack: () => void;
  onDelivered: (tickets: string[]) => void;
  onFailed: (message: string) => void;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const programId = draft.course!.program_id;
  const availability = useOrganizeAvailabilityQuery(programId);
  const products = useGetProductsQuery();
  const [addToCart] = useAddToCartMutation();
  const [deliver, { isLoading }] = useDeliverCoursesMutation();
  const [sendTickets, setSendTickets] = useState(false);
  const students = draft.students.map(normalized);
  const byTicket = students.filter((s) => s.share_by_ticket === 1).length;
  const copies = students.filter((s) => s.hard_copy_certificate).length;
  const missingSeats = Math.max(0, students.length - (availability.data?.seats ?? 0));
  const missingCertificates = Math.max(0, copies - (availability.data?.certificates ?? 0));
  // The hard copy of this course, or the one for any course.
  const certificate = useMemo(() => {
    const certificates = (products.data ?? []).filter((p) => p.type === 'certificate');
    return certificates.find((p) => p.program_id === programId) ?? certificates.find((p) => p.program_id === null);
  }, [products.data, programId]);

  const placeOrder = async () => {
    try {
      await persist();
      if (missingSeats > 0) await addToCart({ product_id: draft.product!.id, quantity: missingSeats }).unwrap();
      if (missingCertificates > 0 && certificate) await addToCart({ product_id: certificate.id, quantity: missingCertificates }).unwrap();
      void navigate(`/cart?order-success-redirect=${encodeURIComponent(SharingPages.organize)}`);
    } catch (error) {
      dispatch(flashError(failureMessage(error) ?? t('errors.generic')));
    }
  };
  const deliverCourses = async () => {
    try {
      const answer = await deliver({ programId, students, sendTicketsByEmail: sendTickets }).unwrap();
      onDelivered(answer.data.delivered.filter((d) => d.type === 'ticket').map((d) => d.to));
    } catch (error) {
      onFailed(failureMessage(error) ?? '');
    }
  };

  const product = (products.data ?? []).find((p) => p.id === draft.product?.id);

  return (
    <div className="organize__summary">
      <figure className="organize__summary-course">
        {product && <img src={product.images['16by9']} alt="" width={320} height={180} decoding="async" />}
        <figcaption>{draft.course?.name}</figcaption>
      </figure>
      <dl className="organize__counts">
        <dt>{t('organize-course.count-students')}</dt>
        <dd>{students.length}</dd>
        <dt>{t('organize-course.count-email')}</dt>
        <dd>{students.length - byTicket}</dd>
        <dt>{t('organize-course.count-tickets')}</dt>
        <dd>{byTicket}</dd>
      </dl>
      {byTicket > 0 && (
        <label>
          <input type="checkbox" checked={sendTickets} onChange={(e) => setSendTickets(e.target.checked)} /> {t('organize.send-tickets')}
        </label>
      )}
      {availability.isLoading && <PageLoading />}
      {availability.data && (missingSeats > 0 || missingCertificates > 0) ? (
        <div className="organize__need-order" role="region" aria-label={t('organize-course.need-order')}>
          <p>{t('organize-course.missing', { seats: missingSeats, certificates: missingCertificates })}</p>
          <button type="button" className="btn btn--primary" onClick={() => void placeOrder()}>
            {t('organize.place-order')}
          </button>
        </div>
      ) : (
        availability.data && (
          <button type="button" className="btn btn--primary" disabled={isLoading} aria-busy={isLoading || undefined} onClick={() => void deliverCourses()}>
            {t('organize.deliver')}
          </button>
        )
      )}
      <button type="button" className="btn btn--secondary" onClick={onBack}>
        {t('common.back')}
      </button>
    </div>
  );
}

/** /organize-course/success and /organize-course/success/{tickets}: delivered, with the tickets to print. */
export function OrganizeSuccessPage() {
  const { t } = useTranslation();
  const { recipients = '' } = useParams();
  const tickets = recipients.split(',').filter(Boolean);
  return (
    <section className="page organize-success" aria-labelledby="organize-success-title">
      <PageTitle title={t('screens.organize-course-success')} />
      <h1 id="organize-success-title">{t('screens.organize-course-success')}</h1>
      <p>{t('organize-course.delivered')}</p>
      {tickets.length > 0 && (
        <p>
          <a className="btn btn--primary" href={SharingPages.ticket(tickets.join(','))} target="_blank" rel="noopener">
            {t('organize-course.print-tickets', { count: tickets.length })}
          </a>
        </p>
      )}
      <Link to={SharingPages.quickShare}>{t('screens.quick-share')}</Link>
    </section>
  );
}
