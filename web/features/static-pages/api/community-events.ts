/**
 * The Community page's two demo events, always ahead of today (defect 20): the demo day on the
 * first Thursday at least a week away, the workshop the Tuesday of the following week. Both are
 * online and an hour long; RSVP hands the visitor a calendar file.
 */
export interface CommunityEvent {
  id: string;
  title: string;
  text: string;
  start: Date;
  minutes: number;
}

const DAY = 86_400_000;

function nextWeekday(from: Date, weekday: number, hourUtc: number): Date {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate(), hourUtc));
  const ahead = (weekday - d.getUTCDay() + 7) % 7;
  return new Date(d.getTime() + ahead * DAY);
}

export function upcomingEvents(today: Date): CommunityEvent[] {
  const demoDay = nextWeekday(new Date(today.getTime() + 7 * DAY), 4, 18);
  const workshop = nextWeekday(new Date(demoDay.getTime() + 3 * DAY), 2, 17);
  return [
    {
      id: 'demo-day',
      title: 'AI Builders Demo Day',
      text: 'Five makers present what they built this month with Lovable, Cursor and Bolt, followed by open Q&A.',
      start: demoDay,
      minutes: 90,
    },
    {
      id: 'prompting-workshop',
      title: 'Prompting Workshop: From Idea to MVP',
      text: 'A hands-on session on structuring prompts, iterating on generated code and knowing when to take the wheel.',
      start: workshop,
      minutes: 60,
    },
  ];
}

const when = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });

/** 'Thursday, December 3, 2026 · 6:00 PM UTC' */
export function formatEventTime(start: Date): string {
  return `${when.format(start)} · ${time.format(start)} UTC`;
}

const icsStamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
const icsText = (s: string) => s.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\n/g, '\\n');

/** The event as an iCalendar file (RFC 5545), for the RSVP link's download. */
export function eventCalendarFile(event: CommunityEvent, siteName: string, now: Date): string {
  const end = new Date(event.start.getTime() + event.minutes * 60_000);
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${icsText(siteName)}//Community events//EN`,
    'BEGIN:VEVENT',
    `UID:${event.id}-${icsStamp(event.start)}@community`,
    `DTSTAMP:${icsStamp(now)}`,
    `DTSTART:${icsStamp(event.start)}`,
    `DTEND:${icsStamp(end)}`,
    `SUMMARY:${icsText(event.title)}`,
    `DESCRIPTION:${icsText(event.text)}`,
    'LOCATION:Online',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}
