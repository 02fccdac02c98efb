#!/usr/bin/env bash
# Netlify's ignore command (netlify.toml [build] ignore): skip the deploy of a commit that
# changes nothing the site is built from (docs, tests, benchmarks, CI files, README), since
# every production deploy costs credits (README, "Deployment").
#
# Netlify's contract (docs.netlify.com/configure-builds/ignore-builds and the support guide
# "How to use the ignore command", read 2026-11-28): the command runs with Bash from the base
# directory; exit 0 cancels the build, 1 (or any other code) lets it run. CACHED_COMMIT_REF is
# the commit of the last build in the same context, COMMIT_REF the one being built; a build
# without cache (the first one, "Clear cache and deploy") gets CACHED_COMMIT_REF = COMMIT_REF,
# and so does a redeploy of the same commit ("Trigger deploy"), which is asked for on purpose.
# A build hook's build is never cancelled, whatever this returns.
set -u

inputs="$(dirname "$0")/build_inputs.txt"
if [ -z "${CACHED_COMMIT_REF:-}" ] || [ -z "${COMMIT_REF:-}" ] \
  || [ "${CACHED_COMMIT_REF}" = "${COMMIT_REF}" ]; then
  echo "ignore check: no earlier build of another commit to compare with: building."
  exit 1
fi
paths=()
while IFS= read -r line || [ -n "${line}" ]; do
  case "${line}" in
    '' | '#'*) ;;
    *) paths+=("${line}") ;;
  esac
done < "${inputs}" || true
if [ "${#paths[@]}" -eq 0 ]; then
  echo "ignore check: ${inputs} lists nothing: building."
  exit 1
fi
git diff --quiet "${CACHED_COMMIT_REF}" "${COMMIT_REF}" -- "${paths[@]}"
case $? in
  0)
    echo "ignore check: nothing the site is built from changed since ${CACHED_COMMIT_REF}: no deploy."
    exit 0
    ;;
  1)
    echo "ignore check: the site's sources changed since ${CACHED_COMMIT_REF}: building."
    exit 1
    ;;
  *)
    # The earlier commit is not in this clone (or git failed): build rather than miss a change.
    echo "ignore check: cannot compare with ${CACHED_COMMIT_REF}: building."
    exit 1
    ;;
esac
