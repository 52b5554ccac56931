import { describe, expect, it } from 'vitest';
import { eventCalendarFile, formatEventTime, upcomingEvents } from './community-events.ts';

describe('upcomingEvents (defect 20: demo events relative to today)', () => {
  it('puts both events one to three weeks ahead, on their weekdays, whatever the date', () => {
    for (let day = 0; day < 60; day++) {
      const today = new Date(Date.UTC(2026, 10, 23) + day * 86_400_000);
      const [demo, workshop] = upcomingEvents(today);
      const ahead = (d: Date) => (d.getTime() - today.getTime()) / 86_400_000;
      expect(ahead(demo!.start)).toBeGreaterThanOrEqual(7);
      expect(ahead(demo!.start)).toBeLessThan(15);
      expect(demo!.start.getUTCDay()).toBe(4);
      expect(workshop!.start.getUTCDay()).toBe(2);
      expect(workshop!.start.getTime()).toBeGreaterThan(demo!.start.getTime());
      expect(ahead(workshop!.start)).toBeLessThan(22);
    }
  });

  it('formats the time in UTC and writes a calendar file for RSVP', () => {
    const [demo] = upcomingEvents(new Date(Date.UTC(2026, 10, 23, 15)));
    expect(formatEventTime(demo!.start)).toBe('Thursday, December 3, 2026 · 6:00 PM UTC');
    const ics = eventCalendarFile(demo!, 'AI Showcase', new Date(Date.UTC(2026, 10, 23, 15)));
    expect(ics.split('\r\n')).toEqual(
      expect.arrayContaining(['BEGIN:VEVENT', 'DTSTART:20261203T180000Z', 'DTEND:20261203T193000Z', 'SUMMARY:AI Builders Demo Day', 'DTSTAMP:20261123T150000Z']),
    );
    expect(ics).toContain('DESCRIPTION:Five makers present what they built this month with Lovable\\, Cursor and Bolt\\, followed by open Q&A.');
  });
});
