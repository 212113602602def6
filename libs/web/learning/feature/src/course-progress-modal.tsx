import type { ProgressEntry } from '@aero/contracts';
import { useTranslation } from 'react-i18next';
import { useCourseProgressQuery } from '@aero/web-learning-data-access';
import { DataTable, Modal, PageLoading } from '@aero/web-shared-ui';
import { formatDateTime } from './format.js';

export interface CourseProgressModalProps {
  open: boolean;
  onClose: () => void;
  /** The enrolment whose progress is shown (`GET /course-progress/{uuid}`). */
  enrolmentId: string;
  courseName: string;
}

/**
 * The course progress modal (spec: learning §2): chapter, completed at and percent of each
 * chapter, and the overall percent; read afresh each time it opens. A failure says 'Could not get
 * course progress. Please try again.' (learning §8).
 */
export function CourseProgressModal({ open, onClose, enrolmentId, courseName }: CourseProgressModalProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={`${t('course-progress.title')}: ${courseName}`} size="lg">
      <CourseProgress enrolmentId={enrolmentId} />
    </Modal>
  );
}

function CourseProgress({ enrolmentId }: { enrolmentId: string }) {
  const { t, i18n } = useTranslation();
  const { data, isLoading, isFetching, error, refetch } = useCourseProgressQuery(enrolmentId, { refetchOnMountOrArgChange: true });
  if (isLoading) return <PageLoading />;
  if (error || !data) {
    return (
      <div className="notice notice--error" role="alert">
        <p>{t('sharing.progress-error')}</p>
        <button type="button" className="btn btn--secondary" onClick={() => void refetch()}>
          {t('course-progress.retry')}
        </button>
      </div>
    );
  }
  return (
    <div className="course-progress">
      <p className="course-progress__overall">
        <strong>{t('course-progress.overall', { percent: data.meta.overall })}</strong>
        <progress max={100} value={data.meta.overall} aria-label={t('course-progress.overall', { percent: data.meta.overall })} />
      </p>
      <DataTable<ProgressEntry>
        label={t('course-progress.table')}
        rows={data.data}
        rowKey={(_entry, index) => index}
        busy={isFetching}
        columns={[
          { key: 'chapter', header: t('course-progress.chapter'), cell: (entry) => entry.name },
          {
            key: 'completed_at',
            header: t('course-progress.completed-at'),
            cell: (entry) => (entry.completed_at ? <time dateTime={entry.completed_at}>{formatDateTime(entry.completed_at, i18n.language)}</time> : t('course-progress.not-completed')),
          },
          { key: 'percent', header: t('course-progress.percent'), cell: (entry) => `${entry.progress}%` },
        ]}
      />
    </div>
  );
}
