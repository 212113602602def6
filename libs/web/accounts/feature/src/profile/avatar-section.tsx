import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AVATAR_CONTENT_TYPES, type ProfileDto } from '@aero/contracts';
import { useRemoveAvatarMutation, useUploadAvatarMutation } from '@aero/web-accounts-data-access';
import { failureFieldErrors, failureMessage } from '@aero/web-shared-util';
import { prepareAvatar, scaleImageWithCanvas, type ImageScaler } from './avatar-image.js';
import { OutcomeNotice, type FormOutcome } from './form-status.js';

/**
 * Avatar upload (learning §2 profile): PNG, JPEG or WebP; a picture above 700 KB is scaled down
 * in the browser before upload; the server's refusal (422) shows under the field.
 */
export function AvatarSection({ profile, scale = scaleImageWithCanvas }: { profile: ProfileDto; scale?: ImageScaler }) {
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [upload, { isLoading: uploading }] = useUploadAvatarMutation();
  const [remove, { isLoading: removing }] = useRemoveAvatarMutation();
  const busy = preparing || uploading || removing;

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setError(null);
    setOutcome(null);
    setPreparing(true);
    try {
      const body = await prepareAvatar(file, scale);
      setPreparing(false);
      const answer = await upload(body).unwrap();
      setOutcome({ ok: true, text: answer.message ?? t('profile.avatar.saved') });
    } catch (failure) {
      setPreparing(false);
      if (failure instanceof TypeError) setError(t('profile.avatar.type'));
      else if (failure instanceof Error) setError(t('profile.avatar.unreadable'));
      else setError(failureFieldErrors(failure)['avatar']?.[0] ?? failureMessage(failure) ?? t('errors.generic'));
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  const initials = `${profile.first_name.charAt(0)}${profile.last_name.charAt(0)}`.toUpperCase() || profile.nick.charAt(0).toUpperCase();
  return (
    <div className="avatar-section">
      {profile.avatar_url ? (
        <img className="avatar-section__image" src={profile.avatar_url} alt={t('profile.avatar.alt', { name: profile.name })} width={96} height={96} />
      ) : (
        <span className="avatar-section__placeholder" aria-hidden="true">
          {initials}
        </span>
      )}
      <div className="avatar-section__controls">
        <label htmlFor={inputId} className="form-field__label">
          {t('profile.avatar.label')}
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          name="avatar"
          accept={AVATAR_CONTENT_TYPES.join(',')}
          disabled={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${inputId}-hint${error ? ` ${inputId}-error` : ''}`}
          onChange={(event) => void onChange(event)}
        />
        <p id={`${inputId}-hint`} className="form-field__hint">
          {t('profile.avatar.hint')}
        </p>
        {error && (
          <p id={`${inputId}-error`} className="field-error">
            {error}
          </p>
        )}
        <OutcomeNotice outcome={outcome} />
        {profile.avatar_url && (
          <button
            type="button"
            className="btn btn--secondary"
            disabled={busy}
            onClick={() => {
              setError(null);
              remove()
                .unwrap()
                .then((answer) => setOutcome({ ok: true, text: answer.message ?? t('profile.avatar.removed') }))
                .catch((failure: unknown) => setOutcome({ ok: false, text: failureMessage(failure) ?? t('errors.generic') }));
            }}
          >
            {t('profile.avatar.remove')}
          </button>
        )}
      </div>
    </div>
  );
}
