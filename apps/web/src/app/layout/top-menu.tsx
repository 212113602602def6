import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import type { MenuLink } from '@aero/web-accounts-feature';
import { CartIcon } from '@aero/web-shared-ui';
import { loadShellWidgets } from '../feature-chunks.js';
import './layout.css';

// Shop widgets of the menu come with the shell's widgets chunk, after the first paint.
const ProductSearch = lazy(() => loadShellWidgets().then((m) => ({ default: m.ProductSearch })));
const MiniCart = lazy(() => loadShellWidgets().then((m) => ({ default: m.MiniCart })));
// The signed-in user's links and name too.
const RoleMenuLinks = lazy(() => loadShellWidgets().then((m) => ({ default: m.RoleMenuLinks })));
const UserMenu = lazy(() => loadShellWidgets().then((m) => ({ default: m.UserMenu })));

/**
 * Links of the top menu, in the order of the spec's screens, each shown to the roles holding its
 * capability (docs/permissions.md; null: everybody).
 */
export const MENU_LINKS = [
  { to: '/e-shop', label: 'nav.e-shop', capability: null },
  { to: '/my-courses', label: 'nav.my-courses', capability: 'course.learn' },
  { to: '/quick-share', label: 'nav.quick-share', capability: 'share.send' },
  { to: '/organize-course', label: 'nav.organize-course', capability: 'course.organize' },
  { to: '/employees', label: 'nav.employees', capability: 'employees.view' },
  { to: '/orders', label: 'nav.orders', capability: 'orders.view_own' },
  { to: '/kyc', label: 'nav.kyc', capability: 'kyc.review' },
  { to: '/instructor/questions', label: 'nav.instructor-questions', capability: 'question.answer' },
  { to: '/reports', label: 'nav.reports', capability: 'reports.view' },
  { to: '/profile', label: 'nav.profile', capability: 'profile.manage_own' },
] as const satisfies readonly MenuLink[];

/**
 * Top menu: logo, main links, the product search and the cart link (the mini-cart drop-down
 * replaces the link while the cart has items). On small screens the links fold behind a toggle;
 * Escape closes it.
 */
export function TopMenu() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [openedAt, setOpenedAt] = useState(pathname);
  const toggle = useRef<HTMLButtonElement>(null);

  // Navigating closes the folded menu.
  if (open && openedAt !== pathname) {
    setOpen(false);
    setOpenedAt(pathname);
  }

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const cartLink = (
    <NavLink to="/cart" className="top-menu__cart">
      <CartIcon />
      <span>{t('nav.cart')}</span>
    </NavLink>
  );

  return (
    <header className="top-menu">
      <div className="top-menu__inner container">
        <Link to="/" className="brand" aria-label={t('nav.home')}>
          <svg className="brand__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
            <circle cx="16" cy="16" r="15" fill="currentColor" opacity="0.18" />
            <path d="M16 4l2.2 8.6 8.8 3.4-8.8 2.2L16 28l-2.2-9.8L5 16l8.8-3.4z" fill="currentColor" />
          </svg>
          <span className="brand__name">{t('app.name')}</span>
        </Link>

        <button
          ref={toggle}
          type="button"
          className="top-menu__toggle"
          aria-expanded={open}
          aria-controls="main-menu"
          onClick={() => {
            setOpen((value) => !value);
            setOpenedAt(pathname);
          }}
        >
          <span className="top-menu__toggle-bars" aria-hidden="true" />
          <span className="visually-hidden">{open ? t('nav.close-menu') : t('nav.open-menu')}</span>
        </button>

        <nav id="main-menu" className={`top-menu__nav${open ? ' top-menu__nav--open' : ''}`} aria-label={t('nav.label')}>
          <ul className="top-menu__links">
            <Suspense
              fallback={MENU_LINKS.filter((link) => link.capability === null).map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} className="top-menu__link">
                    {t(link.label)}
                  </NavLink>
                </li>
              ))}
            >
              <RoleMenuLinks links={MENU_LINKS} linkClassName="top-menu__link" />
            </Suspense>
          </ul>
          <div className="top-menu__tools">
            <Suspense fallback={null}>
              <ProductSearch />
            </Suspense>
            <Suspense fallback={cartLink}>
              <MiniCart whenEmpty={cartLink} />
            </Suspense>
            <Suspense fallback={null}>
              <UserMenu linkClassName="top-menu__link" />
            </Suspense>
          </div>
        </nav>
      </div>
    </header>
  );
}
