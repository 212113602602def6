import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AccountUserDto } from '@aero/contracts';
import { useCurrentUser, useGetProfileQuery } from '@aero/web-accounts-data-access';
import { AccountRestrictionNotice, KycStatusBadge } from '@aero/web-accounts-ui';
import { FailureNotice, PageLoading, PageTitle } from '@aero/web-shared-ui';
import { AccountDataForm } from './account-data-form.js';
import { AvatarSection } from './avatar-section.js';
import type { ImageScaler } from './avatar-image.js';
import { BillingSection } from './billing-form.js';
import { CompanyDetails } from './company-details.js';
import { NewsletterSection } from './newsletter-section.js';
import { PasswordChangeForm } from './password-change-form.js';
import { PersonalInformationSection } from './personal-information-section.js';
import '../accounts-feature.css';

function ProfileCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="form-card profile-card" aria-labelledby={`profile-${id}`}>
      <h2 id={`profile-${id}`}>{title}</h2>
      {children}
    </section>
  );
}

/**
 * /profile (learning §2, §3): the account restriction notice, KYC status, account data, avatar,
 * personal information for certificates, password, billing information (three columns), the
 * company details (company admins) and the newsletter choice. Visitors are asked to sign in.
 */
export function ProfilePage({ scaleAvatar }: { scaleAvatar?: ImageScaler }) {
  const { t } = useTranslation();
  const { user, isLoading } = useCurrentUser();

  if (isLoading) return <PageLoading />;
  return (
    <div className="page profile">
      <PageTitle title={t('screens.profile')} />
      <h1>{t('screens.profile')}</h1>
      {user ? (
        <ProfileSections user={user} scaleAvatar={scaleAvatar} />
      ) : (
        <p className="notice notice--info">
          {t('profile.sign-in')} <Link to="/login?redirect=%2Fprofile">{t('auth.login.submit')}</Link>
        </p>
      )}
    </div>
  );
}

function ProfileSections({ user, scaleAvatar }: { user: AccountUserDto; scaleAvatar?: ImageScaler }) {
  const { t } = useTranslation();
  const { data: profile, isLoading, isError, error } = useGetProfileQuery();
  const kyc = profile?.kyc ?? (user.kyc_status ? { status: user.kyc_status, reason: null, decided_at: null } : null);

  return (
    <>
      {user.restriction && <AccountRestrictionNotice restriction={user.restriction} />}
      {kyc && (
        <p className="profile__kyc">
          {t('profile.kyc-status')} <KycStatusBadge status={kyc.status} />
          {kyc.status === 'declined' && kyc.reason && <span className="profile__kyc-reason">{t('profile.kyc-reason', { reason: kyc.reason })}</span>}
        </p>
      )}
      {isLoading && <PageLoading />}
      {isError && <FailureNotice failure={error} />}
      {profile && (
        <div className="profile__sections">
          <ProfileCard id="account" title={t('profile.account.title')}>
            <AccountDataForm key={`${profile.nick}|${profile.first_name}|${profile.last_name}`} profile={profile} />
          </ProfileCard>
          <ProfileCard id="avatar" title={t('profile.avatar.title')}>
            <AvatarSection profile={profile} scale={scaleAvatar} />
          </ProfileCard>
          <ProfileCard id="personal" title={t('profile.personal.title')}>
            <PersonalInformationSection information={profile.personal_information} />
          </ProfileCard>
          <ProfileCard id="password" title={t('profile.password.title')}>
            <PasswordChangeForm />
          </ProfileCard>
          <ProfileCard id="billing" title={t('profile.billing.title')}>
            <BillingSection />
          </ProfileCard>
          {profile.company && (
            <ProfileCard id="company" title={t('profile.company.title')}>
              <CompanyDetails company={profile.company} />
            </ProfileCard>
          )}
          <ProfileCard id="newsletter" title={t('profile.newsletter.title')}>
            <NewsletterSection optedIn={user.newsletter_opt_in} />
          </ProfileCard>
        </div>
      )}
    </>
  );
}
