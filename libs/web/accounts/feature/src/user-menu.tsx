import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router';
import type { Capability } from '@aero/contracts';
import { useCurrentUser, useLogoutMutation, userCan } from '@aero/web-accounts-data-access';
import { flashError, useAppDispatch } from '@aero/web-shared-store';
import { failureMessage } from '@aero/web-shared-util';
import { firstSafePath } from './redirect.js';
import './accounts-feature.css';

/** A link of the top menu and the capability it needs (null: everybody). */
export interface MenuLink {
  to: string;
  /** Key of its text. */
  label: string;
  capability: Capability | null;
}

/**
 * The top menu's links the current user (or visitor) may use, by role through `can()` of
 * docs/permissions.md (e.g. Employees only for the company roles).
 */
export function RoleMenuLinks({ links, linkClassName }: { links: readonly MenuLink[]; linkClassName: string }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  return (
    <>
      {links
        .filter((link) => link.capability === null || userCan(user, link.capability))
        .map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} className={linkClassName}>
              {t(link.label)}
            </NavLink>
          </li>
        ))}
    </>
  );
}

/**
 * The current user in the top menu: their name (to the profile) and Log out; visitors get
 * Log in and Register. Signing out updates the menu (the `Me` tag) and goes to the answer's page.
 */
export function UserMenu({ linkClassName = 'top-menu__link' }: { linkClassName?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { user, isLoading } = useCurrentUser();
  const [logout, { isLoading: leaving }] = useLogoutMutation();

  if (isLoading) return null;
  if (!user) {
    return (
      <div className="user-menu" aria-label={t('nav.account')} role="group">
        <NavLink to="/login" className={linkClassName}>
          {t('nav.login')}
        </NavLink>
        <NavLink to="/register" className={`${linkClassName} user-menu__register`}>
          {t('nav.register')}
        </NavLink>
      </div>
    );
  }
  return (
    <div className="user-menu" aria-label={t('nav.account')} role="group">
      <NavLink to="/profile" className={`${linkClassName} user-menu__name`} title={user.email}>
        {user.avatar_url ? <img src={user.avatar_url} alt="" width={24} height={24} className="user-menu__avatar" /> : null}
        <span>{user.name}</span>
      </NavLink>
      <button
        type="button"
        className={`${linkClassName} user-menu__logout`}
        disabled={leaving}
        onClick={() => {
          logout()
            .unwrap()
            .then((answer) => void navigate(firstSafePath([answer.redirect], '/')))
            .catch((failure: unknown) => dispatch(flashError(failureMessage(failure) ?? t('errors.generic'))));
        }}
      >
        {t('nav.logout')}
      </button>
    </div>
  );
}
