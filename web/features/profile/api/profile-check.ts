import { displayNameProblem } from '../../../../domain/display-name.ts';
import { MESSAGES } from '../../../../domain/messages.ts';
import { TEXT_LIMITS } from '../../../../domain/limits.ts';
import { isHttpUrl, normalizeOptionalUrl } from '../../../../domain/urls.ts';

export interface ProfileValues {
  name: string;
  bio: string;
  avatarUrl: string;
}

export type ProfileErrors = Partial<Record<keyof ProfileValues, string>>;

export interface CheckedProfile {
  name: string;
  bio: string | null;
  avatarUrl: string | null;
}

/** Checks the profile against the creators table's limits, so a save is all or nothing. */
export function checkProfile(values: ProfileValues, keptName?: string): { data?: CheckedProfile; errors: ProfileErrors } {
  const errors: ProfileErrors = {};
  const name = values.name.trim();
  const bio = values.bio.trim();
  const avatarUrl = normalizeOptionalUrl(values.avatarUrl);
  // The display-name rules (decision 226); an empty name keeps the account's fallback, and a name
  // kept from before the rules may be saved unchanged.
  const badName = name && name !== keptName?.trim() ? displayNameProblem(name) : null;
  if (badName) errors.name = badName;
  else if (name.length > TEXT_LIMITS.creatorName) errors.name = `The display name can be at most ${TEXT_LIMITS.creatorName} characters`;
  if (bio.length > TEXT_LIMITS.bio) errors.bio = `The bio can be at most ${TEXT_LIMITS.bio.toLocaleString('en-US')} characters`;
  if (avatarUrl !== null && !isHttpUrl(avatarUrl)) errors.avatarUrl = MESSAGES.invalidUrl;
  if (Object.keys(errors).length > 0) return { errors };
  return { data: { name, bio: bio || null, avatarUrl }, errors };
}
