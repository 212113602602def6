/** Local-storage key remembering that the announcement `uuid` was dismissed (shop §4 Announcement). */
export function announcementDismissalKey(uuid: string): string {
  return `announcement_dismissed_${uuid}`;
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // storage disabled (privacy mode): the banner simply shows again
  }
}

/** Whether this announcement was dismissed in this browser. */
export function isAnnouncementDismissed(uuid: string): boolean {
  return storage()?.getItem(announcementDismissalKey(uuid)) === '1';
}

/** Once dismissed an announcement stays closed; a new one (new uuid) shows again. */
export function rememberAnnouncementDismissed(uuid: string): void {
  try {
    storage()?.setItem(announcementDismissalKey(uuid), '1');
  } catch {
    // Quota or disabled storage: dismissal lasts for this page only.
  }
}
