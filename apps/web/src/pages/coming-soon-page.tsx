import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@aero/web-shared-ui';

/** Screens that later work builds; `screen` is the key of their title under `screens.`. */
export type PlaceholderScreen =
  | 'cart-credentials'
  | 'how-to-become-engineer'
  | 'my-courses'
  | 'course'
  | 'exam'
  | 'ticket'
  | 'quick-share'
  | 'organize-course'
  | 'organize-course-success'
  | 'employees'
  | 'employee'
  | 'employee-edit'
  | 'employee-groups'
  | 'employees-import'
  | 'invitations'
  | 'orders'
  | 'profile'
  | 'login'
  | 'register'
  | 'email-verify'
  | 'password-reset'
  | 'reports'
  | 'newsletters'
  | 'contacts'
  | 'classroom-training';

/** The heading of a placeholder screen and "<Screen> — coming soon". */
export default function ComingSoonPage({ screen }: { screen: PlaceholderScreen }) {
  const { t } = useTranslation();
  return <ComingSoon title={t(`screens.${screen}`)} />;
}
