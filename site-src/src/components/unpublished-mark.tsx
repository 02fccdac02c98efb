import { useStrings } from "../i18n/catalog";
import type { Unpublished } from "../lib/api-types";
import "./unpublished-mark.css";

/**
 * What `build.py serve` marks on an artist or a piece the public site leaves out for now
 * (a draft, or a publish_at still to come): the editor sees it before it goes live. The
 * published site never has a record with a status, so it never shows one.
 */
export function UnpublishedMark({ status, className = "" }: { status: Unpublished; className?: string }) {
  const words = useStrings().unpublished;
  return (
    <span className={`unpublished-mark unpublished-mark--${status} ${className}`.trim()} data-testid="unpublished-mark">
      {words[status]}
    </span>
  );
}
