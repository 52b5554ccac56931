import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { site } from '../../domain/site.ts';
import { sharedKeys } from './query-keys.ts';
import { supabase } from './supabase.ts';
import { applyDefaultTheme } from './theme.ts';

export interface PublicSiteSettings {
  site_name: string;
  site_description: string;
  theme: 'light' | 'dark' | 'system';
  allow_registration: boolean;
  moderation_enabled: boolean;
}

/**
 * The admin's General and Appearance settings as visitors may see them (the site_settings_public
 * view). Until they load, or if they cannot, the built-in name and description stand in.
 */
export function usePublicSiteSettings() {
  return useQuery({
    // The admin Settings page invalidates this key on save, so the header follows at once.
    queryKey: sharedKeys.siteSettings,
    staleTime: 5 * 60_000,
    queryFn: async (): Promise<PublicSiteSettings> => {
      // The server reads this same request for a page it draws (siteSettingsRequest in
      // domain/first-screen.ts): change both together.
      const { data, error } = await supabase
        .from('site_settings_public')
        .select('site_name, site_description, theme, allow_registration, moderation_enabled')
        .maybeSingle();
      if (error) throw error;
      return (data as PublicSiteSettings | null) ?? { ...DEFAULTS };
    },
  });
}

/** The defaults of db/migrations/0050_site_settings.sql, until the settings are known. */
const DEFAULTS: PublicSiteSettings = {
  site_name: site.name,
  site_description: site.description,
  theme: 'system',
  allow_registration: true,
  moderation_enabled: true,
};

/** Whether the header offers Sign up: not while the admin has sign-ups closed (defect 18). */
export function useSignupOpen(): boolean {
  return usePublicSiteSettings().data?.allow_registration ?? DEFAULTS.allow_registration;
}

/** Whether new projects wait for review (Settings › Security › Content Moderation). */
export function useModerationEnabled(): boolean {
  return usePublicSiteSettings().data?.moderation_enabled ?? DEFAULTS.moderation_enabled;
}

export function useSiteName(): string {
  return usePublicSiteSettings().data?.site_name || site.name;
}

export function useSiteDescription(): string {
  return usePublicSiteSettings().data?.site_description || site.description;
}

/**
 * The admin's theme is the default for visitors who have not chosen one with the toggle (the
 * toggle saves `theme` in localStorage; /theme.js applies a saved choice before first paint).
 */
export function useSiteDefaultTheme() {
  const theme = usePublicSiteSettings().data?.theme;
  useEffect(() => {
    if (!theme || theme === 'system') return;
    try {
      if (localStorage.getItem('theme')) return;
    } catch {
      // Storage blocked: the admin's default still applies for this page view.
    }
    applyDefaultTheme(theme);
  }, [theme]);
}
