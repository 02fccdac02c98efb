// Reports each production build on the built commit as a GitHub commit status, so the admin
// can tell an editor whether their last change went live (docs/deploy-status.md). Netlify
// reports Deploy Previews on GitHub, but not production builds, which is what a save is.
//
// Hand-written, not a package: npm has no Netlify build plugin for commit statuses, and the
// status CLIs (commit-status, @cypress/set-commit-status) would still need these three hooks
// around them; this is three POSTs with Node's own fetch.
//
// Needs GITHUB_STATUS_TOKEN in Netlify's environment (a token allowed to write commit
// statuses on the repository, README "Deployment"). Without it, or outside the production
// context, it posts nothing. A status is a report: its failure never fails the build.
'use strict'

const fs = require('node:fs')

// Written by scripts/netlify_build.py when the build command fails: the first problem.
const FAILURE_FILE = '.cache/build-failure.txt'
const GITHUB_API = 'https://api.github.com'
const DESCRIPTION_MAX = 140 // what GitHub keeps of a status's description
const TIMEOUT_MS = 10_000

const PENDING = 'Building the site with this change...'
const SUCCESS = 'Live: the site was built and published with this change.'
const FAILED = 'The site could not be built with this change; see the log.'

function target(env) {
  const token = env.GITHUB_STATUS_TOKEN
  if (env.CONTEXT !== 'production') return null
  if (!token) {
    console.log(
      'commit status: GITHUB_STATUS_TOKEN is not set, so the admin cannot tell editors ' +
        'whether this build went live (docs/deploy-status.md)',
    )
    return null
  }
  const repository = /github\.com[/:]([\w.-]+)\/([\w.-]+?)(?:\.git)?\/?$/.exec(
    env.REPOSITORY_URL || '',
  )
  const sha = /^[0-9a-f]{40}$/.test(env.COMMIT_REF || '') ? env.COMMIT_REF : null
  const site = /^[\w-]+$/.test(env.SITE_NAME || '') ? env.SITE_NAME : null
  if (!repository || !sha || !site) {
    console.log(
      'commit status: not posted; REPOSITORY_URL is not a GitHub repository, or COMMIT_REF ' +
        'or SITE_NAME is missing',
    )
    return null
  }
  const deploy = /^[0-9a-f]{6,64}$/.test(env.DEPLOY_ID || '') ? env.DEPLOY_ID : null
  return {
    // COMMIT_STATUS_API_URL: tests only, a stand-in for GitHub on this machine.
    url: `${env.COMMIT_STATUS_API_URL || GITHUB_API}/repos/${repository[1]}/${repository[2]}/statuses/${sha}`,
    token,
    context: `netlify/${site}/production`,
    log: deploy ? `https://app.netlify.com/sites/${site}/deploys/${deploy}` : undefined,
  }
}

// Cut to what GitHub keeps; "(and N more)" at the end of a reason is kept whole.
function shorten(text) {
  const line = text.replace(/\s+/g, ' ').trim()
  if (line.length <= DESCRIPTION_MAX) return line
  const [, head, more = ''] = /^(.*?)( \(and \d+ more\))?$/.exec(line)
  return `${head.slice(0, DESCRIPTION_MAX - more.length - 1)}\u2026${more}`
}

async function report(state, description) {
  const where = target(process.env)
  if (!where) return
  try {
    const answer = await fetch(where.url, {
      method: 'POST',
      headers: {
        Accept: 'application/vnd.github+json',
        Authorization: `Bearer ${where.token}`,
        'Content-Type': 'application/json',
        'User-Agent': 'studio-site-commit-status',
        'X-GitHub-Api-Version': '2022-11-28',
      },
      body: JSON.stringify({
        state,
        context: where.context,
        description: shorten(description),
        target_url: where.log,
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
    const outcome = answer.ok ? 'posted' : 'not posted'
    console.log(`commit status: ${state} ${outcome} (${answer.status})`)
  } catch (error) {
    console.log(`commit status: ${state} not posted: ${error.message}`)
  }
}

function firstProblem() {
  try {
    return fs.readFileSync(FAILURE_FILE, 'utf8').slice(0, 4096).trim() || FAILED
  } catch {
    return FAILED
  }
}

module.exports = {
  onPreBuild: () => {
    fs.rmSync(FAILURE_FILE, { force: true }) // a reason is only this build's
    return report('pending', PENDING)
  },
  onSuccess: () => report('success', SUCCESS),
  onError: () => report('failure', firstProblem()),
}
