import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import type { PlaceholderScreen } from '../pages/coming-soon-page.js';
import { AppLayout, BareLayout, RouteErrorPage } from './layout/app-layout.js';

import { loadAccounts, loadCart, loadCatalog, loadCheckout, loadContent, loadEmployees, loadExams, loadLearning, loadOrders, loadReports, loadSharing, loadSite } from './feature-chunks.js';

// Every screen is its own lazily loaded chunk, so the first load carries only the shell.
// The home page shows slides and catalogue cards: fetch the chunks at once, not one after the other.
const HomePage = lazy(() =>
  Promise.all([import('../pages/home-page.js'), loadCatalog(), loadContent()]).then(([home]) => home),
);
const NotFoundPage = lazy(() => import('../pages/not-found-page.js'));
const ComingSoonPage = lazy(() => import('../pages/coming-soon-page.js'));
const EshopPage = lazy(() => loadCatalog().then((m) => ({ default: m.EshopPage })));
const ProductPage = lazy(() => loadCatalog().then((m) => ({ default: m.ProductPage })));
const PopularCourses = lazy(() => loadCatalog().then((m) => ({ default: m.PopularCourses })));
const CartPage = lazy(() => loadCart().then((m) => ({ default: m.CartPage })));
const FaqPage = lazy(() => loadContent().then((m) => ({ default: m.FaqPage })));
const ArticlePage = lazy(() => loadContent().then((m) => ({ default: m.ArticlePage })));
const HomeSlides = lazy(() => loadContent().then((m) => ({ default: m.HomeSlides })));
const ClientLogos = lazy(() => loadContent().then((m) => ({ default: m.ClientLogos })));
const LoginPage = lazy(() => loadAccounts().then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() => loadAccounts().then((m) => ({ default: m.RegisterPage })));
const EmailVerifyPage = lazy(() => loadAccounts().then((m) => ({ default: m.EmailVerifyPage })));
const PasswordResetRequestPage = lazy(() => loadAccounts().then((m) => ({ default: m.PasswordResetRequestPage })));
const PasswordResetPage = lazy(() => loadAccounts().then((m) => ({ default: m.PasswordResetPage })));
const TermsAcceptPage = lazy(() => loadAccounts().then((m) => ({ default: m.TermsAcceptPage })));
const ProfilePage = lazy(() => loadAccounts().then((m) => ({ default: m.ProfilePage })));
const KycPage = lazy(() => loadAccounts().then((m) => ({ default: m.KycPage })));
const ClassroomTrainingPage = lazy(() => loadSite().then((m) => ({ default: m.ClassroomTrainingPage })));
const PaymentPage = lazy(() => loadCheckout().then((m) => ({ default: m.PaymentPage })));
const BankWirePage = lazy(() => loadCheckout().then((m) => ({ default: m.BankWirePage })));
const PaymentSuccessPage = lazy(() => loadCheckout().then((m) => ({ default: m.PaymentSuccessPage })));
const SandboxThreeDsPage = lazy(() => loadCheckout().then((m) => ({ default: m.SandboxThreeDsPage })));
const SandboxPayPalPage = lazy(() => loadCheckout().then((m) => ({ default: m.SandboxPayPalPage })));
const OrdersPage = lazy(() => loadOrders().then((m) => ({ default: m.OrdersPage })));
const EmployeesPage = lazy(() => loadEmployees().then((m) => ({ default: m.EmployeesPage })));
const EmployeePage = lazy(() => loadEmployees().then((m) => ({ default: m.EmployeePage })));
const EmployeeEditPage = lazy(() => loadEmployees().then((m) => ({ default: m.EmployeeEditPage })));
const EmployeeImportPage = lazy(() => loadEmployees().then((m) => ({ default: m.EmployeeImportPage })));
const EmployeeGroupsPage = lazy(() => loadEmployees().then((m) => ({ default: m.EmployeeGroupsPage })));
const EmployeeGroupPage = lazy(() => loadEmployees().then((m) => ({ default: m.EmployeeGroupPage })));
const InvitationsPage = lazy(() => loadEmployees().then((m) => ({ default: m.InvitationsPage })));
const InvitationCreatePage = lazy(() => loadEmployees().then((m) => ({ default: m.InvitationCreatePage })));
const InvitationEditPage = lazy(() => loadEmployees().then((m) => ({ default: m.InvitationEditPage })));
const QuickSharePage = lazy(() => loadSharing().then((m) => ({ default: m.QuickSharePage })));
const TicketPage = lazy(() => loadSharing().then((m) => ({ default: m.TicketPage })));
const TicketActivationPage = lazy(() => loadSharing().then((m) => ({ default: m.TicketActivationPage })));
const OrganizeCoursePage = lazy(() => loadSharing().then((m) => ({ default: m.OrganizeCoursePage })));
const OrganizeSuccessPage = lazy(() => loadSharing().then((m) => ({ default: m.OrganizeSuccessPage })));
const MyCoursesPage = lazy(() => loadLearning().then((m) => ({ default: m.MyCoursesPage })));
const CourseHistoryPage = lazy(() => loadLearning().then((m) => ({ default: m.CourseHistoryPage })));
const CoursePage = lazy(() => loadLearning().then((m) => ({ default: m.CoursePage })));
const ChapterPage = lazy(() => loadLearning().then((m) => ({ default: m.ChapterPage })));
const CertificateVerifyPage = lazy(() => loadLearning().then((m) => ({ default: m.CertificateVerifyPage })));
const InstructorQuestionsPage = lazy(() => loadLearning().then((m) => ({ default: m.InstructorQuestionsPage })));
const ExamPage = lazy(() => loadExams().then((m) => ({ default: m.ExamPage })));
const ExamResultsPage = lazy(() => loadExams().then((m) => ({ default: m.ExamResultsPage })));
const ReportsPage = lazy(() => loadReports().then((m) => ({ default: m.ReportsPage })));

/** Screens of the spec that later work builds, with the title they show until then. */
export const PLACEHOLDER_ROUTES: [path: string, screen: PlaceholderScreen][] = [
  ['e-shop/how-to-become-engineer', 'how-to-become-engineer'],
  ['newsletters', 'newsletters'],
  ['contacts', 'contacts'],
];

/** The route table of the web app (used by the browser router and by the tests). */
export const appRoutes: RouteObject[] = [
  {
    // The printed ticket opens in a new tab without the site's menu.
    path: '/tickets/:shareTo',
    element: <BareLayout />,
    errorElement: <RouteErrorPage />,
    children: [{ index: true, element: <TicketPage /> }],
  },
  {
    // The sandbox payment provider's own pages (3-D Secure, PayPal approval): no shop menu.
    path: '/sandbox',
    element: <BareLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '3ds/:id', element: <SandboxThreeDsPage /> },
      { path: 'paypal/:orderID', element: <SandboxPayPalPage /> },
    ],
  },
  {
    path: '/',
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        index: true,
        element: <HomePage slides={<HomeSlides />} popularCourses={<PopularCourses />} clientLogos={<ClientLogos />} />,
      },
      { path: 'e-shop', element: <EshopPage /> },
      { path: 'e-shop/:slug', element: <ProductPage /> },
      { path: 'cart', element: <CartPage /> },
      { path: 'faq', element: <FaqPage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'register', element: <RegisterPage /> },
      { path: 'email/verify', element: <EmailVerifyPage /> },
      { path: 'password/reset', element: <PasswordResetRequestPage /> },
      { path: 'password/reset/:token', element: <PasswordResetPage /> },
      { path: 'terms/accept', element: <TermsAcceptPage /> },
      { path: 'profile', element: <ProfilePage /> },
      { path: 'kyc', element: <KycPage /> },
      { path: 'classroom-training', element: <ClassroomTrainingPage /> },
      { path: 'cart/credentials', element: <PaymentPage /> },
      { path: 'payment/bank-wire/:orderId', element: <BankWirePage /> },
      { path: 'payment/success/:orderId', element: <PaymentSuccessPage /> },
      { path: 'orders', element: <OrdersPage /> },
      { path: 'quick-share', element: <QuickSharePage /> },
      { path: 'my-courses', element: <MyCoursesPage /> },
      { path: 'my-courses/history', element: <CourseHistoryPage /> },
      { path: 'course/:courseId', element: <CoursePage /> },
      { path: 'course/:courseId/chapter/:slug', element: <ChapterPage /> },
      { path: 'course/:courseId/exam/:examId', element: <ExamPage /> },
      { path: 'course/:courseId/exam/:examId/results', element: <ExamResultsPage /> },
      { path: 'instructor/questions', element: <InstructorQuestionsPage /> },
      { path: 'certificates/verify/:number', element: <CertificateVerifyPage /> },
      { path: 'ticket-activation', element: <TicketActivationPage /> },
      { path: 'organize-course', element: <OrganizeCoursePage /> },
      { path: 'organize-course/success', element: <OrganizeSuccessPage /> },
      { path: 'organize-course/success/:recipients', element: <OrganizeSuccessPage /> },
      { path: 'employees', element: <EmployeesPage /> },
      { path: 'employees/import', element: <EmployeeImportPage /> },
      { path: 'employees/:id', element: <EmployeePage /> },
      { path: 'employees/:id/edit', element: <EmployeeEditPage /> },
      { path: 'employee-groups', element: <EmployeeGroupsPage /> },
      { path: 'employee-groups/:id', element: <EmployeeGroupPage /> },
      { path: 'invitations', element: <InvitationsPage /> },
      { path: 'invitations/create', element: <InvitationCreatePage /> },
      { path: 'invitations/:id/edit', element: <InvitationEditPage /> },
      { path: 'reports', element: <ReportsPage /> },
      ...PLACEHOLDER_ROUTES.map(([path, screen]) => ({ path, element: <ComingSoonPage screen={screen} /> })),
      { path: 'articles/:slug', element: <ArticlePage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
