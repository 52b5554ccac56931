import { FieldError, Label } from '../../../components/ui/label.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { formatLaunchDay } from '../../../lib/format-launch-day.ts';
import { useLaunchDayCounts } from '../api/launch-day-counts.ts';

/**
 * Launch day (issue 16): "as soon as approved" or a day of the next 30, each with how many launches
 * it already has (launch_day_counts); a full day cannot be picked. The database checks it again.
 */
export function LaunchDayField({ id, value, onChange, error, disabled, locked }: {
  id: string;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  error?: string;
  disabled?: boolean;
  /** true: the project has launched; a string: why else it cannot change here (shown as the hint). */
  locked?: boolean | string;
}) {
  const { data } = useLaunchDayCounts();
  const days = data ?? [];
  const known = value === '' || days.some((d) => d.day === value);
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Launch day</Label>
      <NativeSelect id={id} value={value} onChange={onChange} disabled={disabled} aria-invalid={Boolean(error)} aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}>
        <option value="">As soon as approved</option>
        {!known && <option value={value}>{formatLaunchDay(value)}</option>}
        {days.map((d) => {
          const full = d.cap > 0 && d.scheduled >= d.cap && d.day !== value;
          return (
            <option key={d.day} value={d.day} disabled={full}>
              {formatLaunchDay(d.day)} · {d.scheduled} scheduled{full ? ' (full)' : ''}
            </option>
          );
        })}
      </NativeSelect>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {typeof locked === 'string' ? locked : locked ? 'This project has launched: its launch day can no longer change.' : 'Your project goes live at 00:00 of that day (site time), once approved.'}
      </p>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
