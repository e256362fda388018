import { formatAdminDate } from "~/lib/admin-date";

/**
 * A bar chart of one figure per day, drawn as SVG on the server (it reads without JavaScript), with
 * the same figures in a table for screen readers.
 */
export function DailyChart({
  title,
  days,
  format,
  colour = "#7c4a21",
}: {
  title: string;
  days: { day: string; value: number }[];
  format: (value: number) => string;
  colour?: string;
}) {
  const width = 600;
  const height = 160;
  const top = 16;
  const bottom = 22;
  const highest = Math.max(0, ...days.map((d) => d.value));
  // Bars are drawn against at least 1, so a month of zeros draws flat rather than dividing by 0.
  const max = Math.max(1, highest);
  const slot = width / Math.max(1, days.length);
  const bar = Math.max(2, slot * 0.7);
  const label = (day: string) => formatAdminDate(`${day}T00:00:00+05:00`).replace(/ \d{4}$/, "");
  const id = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  return (
    <figure className="rounded-xl border border-stone-200 bg-white p-4">
      <figcaption className="font-serif text-lg text-leather-800">{title}</figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} className="mt-2 h-auto w-full" role="img" aria-labelledby={`${id}-desc`}>
        <desc id={`${id}-desc`}>
          {title}: highest {format(highest)}, total {format(days.reduce((n, d) => n + d.value, 0))}.
        </desc>
        <line x1="0" x2={width} y1={height - bottom} y2={height - bottom} stroke="#d6d3d1" />
        <text x="0" y="11" fontSize="11" fill="#57534e">
          {format(highest)}
        </text>
        {days.map((d, i) => {
          const h = ((height - top - bottom) * d.value) / max;
          return (
            <rect
              key={d.day}
              x={i * slot + (slot - bar) / 2}
              y={height - bottom - h}
              width={bar}
              height={Math.max(h, d.value > 0 ? 1 : 0)}
              fill={colour}
              rx="1.5"
            >
              <title>{`${label(d.day)}: ${format(d.value)}`}</title>
            </rect>
          );
        })}
        {[0, Math.floor(days.length / 2), days.length - 1]
          .filter((i, k, all) => days[i] && all.indexOf(i) === k)
          .map((i) => (
            <text
              key={i}
              x={i * slot + slot / 2}
              y={height - 6}
              fontSize="11"
              fill="#57534e"
              textAnchor={i === 0 ? "start" : i === days.length - 1 ? "end" : "middle"}
            >
              {label(days[i].day)}
            </text>
          ))}
      </svg>
      <table className="sr-only">
        <caption>{title}, per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">{title}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <th scope="row">{label(d.day)}</th>
              <td>{format(d.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
