import { useSiteData } from "../lib/use-site-data";
import { langOf } from "../lib/language";

type Props = {
  /** Class of the list of days and times; each place that shows the hours styles its own. */
  listClassName: string;
  /** Class of each note under it ("Walk-ins welcome", ...). */
  noteClassName: string;
};

/**
 * The studio's hours and their notes (content/site.yaml), as the contact section and the
 * footer both show them; the heading above stays theirs (it differs in level and style).
 */
export function OpeningHours({ listClassName, noteClassName }: Props) {
  const site = useSiteData();
  const { hours, hoursNotes } = site;
  return (
    <>
      <dl className={listClassName}>
        {hours.map((row) => (
          <div key={row.days}>
            <dt>{row.days}</dt>
            <dd>{row.time}</dd>
          </div>
        ))}
      </dl>
      {hoursNotes.map((note) => (
        <p key={note} className={noteClassName} lang={langOf(site, "hoursNotes")}>
          {note}
        </p>
      ))}
    </>
  );
}
