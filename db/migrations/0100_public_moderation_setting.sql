-- Copy that follows the moderation setting (issue 22, defect 12; decision 131). The submit page
-- tells a maker whether their project waits for review or goes live at once, so visitors' pages
-- need the Content Moderation switch. Whether a site reviews submissions is no secret: a maker
-- learns it from their first submission. The e-mail switches and everything else stay admin-only.
-- The new column goes last, so `create or replace view` keeps the view's grants.
create or replace view public.site_settings_public as
  select site_name, site_description, theme, allow_registration, moderation_enabled
  from public.site_settings
  where id;
