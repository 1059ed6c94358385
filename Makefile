# Two commands for a newcomer: `make run` (the demo) and `make test` (the suite).
# Both create .venv and install what they need; neither needs a key or a server.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
# Without a Gemini key the demo answers from recorded drafts and says so on the page.
DEMO_MODE := $(if $(GEMINI_API_KEY),0,1)

.PHONY: install run test lint lint-js bench bench-admin mutate clean check-services test-services migrate serve load load-stream load-compare load-spread chaos chaos-short abuse

# The app (ranges) plus the exact pins of the `dev` dependency group (the demo host, the
# production stack and the test tools); dependency groups need pip 25.1 or later.
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade 'pip>=25.1'
	$(PY) -m pip install --quiet -e '.[openapi]' --group dev
	touch $(STAMP)

install: $(STAMP)

# `make run PORT=8001` serves on another port. Every step sees the same demo mode, so the
# start-up checks (run by migrate and seed_demo too) agree that a model answers.
PORT ?= 8000
RUN_ENV = EXPLAIN_DEMO_MODE=$${EXPLAIN_DEMO_MODE:-$(DEMO_MODE)}
run: install
	$(RUN_ENV) $(PY) manage.py migrate --noinput
	$(RUN_ENV) $(PY) manage.py seed_demo --serving-at http://127.0.0.1:$(PORT)
	$(RUN_ENV) $(PY) manage.py runserver 127.0.0.1:$(PORT)

# The suite but the browser tests spread over every core, one test module per worker
# (module fixtures are built once); `make test XDIST=` runs it in one process. The browser
# tests run after it in a single process of their own: under xdist two of them flaked on
# PostgreSQL. pytest-django gives each worker its own test database, tests/conftest.py
# its own Redis key prefix.
XDIST ?= -n auto --dist loadfile
BROWSER_TESTS := tests/browser

test: install
	$(PY) -m pytest -rs $(XDIST) --ignore=$(BROWSER_TESTS)
	$(PY) -m pytest -rs $(BROWSER_TESTS)

# The same checks as .pre-commit-config.yaml, plus mypy. django-upgrade rewrites what it
# would change and then fails: review the diff and commit it.
PY_SOURCES = manage.py explain jobportal tools support tests .ci
lint: install lint-js
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/validate-pyproject pyproject.toml
	find $(PY_SOURCES) -name '*.py' -print0 | xargs -0 $(VENV)/bin/django-upgrade --target-version 5.2
	$(VENV)/bin/mypy explain jobportal tools support

# Biome lints the app's script and stylesheets (biome.jsonc: lint only, never formats),
# at the exact version package-lock.json pins; needs node and npm, nothing else from npm.
lint-js:
	@test -x node_modules/.bin/biome || npm ci --no-audit --no-fund
	npx biome lint --error-on-warnings explain/static/explain

bench: install
	$(PY) -m tools.bench.bench_verify
	$(PY) -m tools.bench.answer_size
	$(PY) -m tools.bench.input_size
	$(PY) -m tools.bench.injection_report
	$(PY) -m tools.bench.detector_report
	$(PY) -m tools.bench.growth

# The admin with a million log rows (PostgreSQL; a database of the benchmark's own).
BENCH_ADMIN_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/bench_admin
bench-admin: install
	DATABASE_URL=$(BENCH_ADMIN_DATABASE_URL) $(PY) -m tools.bench.bench_admin --export

# Mutation testing (docs/mutation.md): a periodic audit of the rule layer, mutmut over
# every module found under explain/core, one at a time; prints the score per module and
# every survivor not accepted in tools/mutation/accepted.toml. CPU-heavy, so a local
# command, not a CI step. `make mutate ONLY=core` for all, `ONLY=verify` for one module.
mutate: install
	$(PY) -m tools.mutation.run $(ONLY)

# --- The suite on the real services (CI runs this after `make test`). -----------------
# Redis database 15 and a key prefix of this run's own: the suite deletes only its keys.
# pytest-django creates (and drops) test_<name> on the PostgreSQL server.
TEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/test
TEST_REDIS_URL ?= redis://127.0.0.1:6379/15
SERVICES_ENV := DATABASE_URL=$(TEST_DATABASE_URL) REDIS_URL=$(TEST_REDIS_URL)

check-services: install
	$(SERVICES_ENV) $(PY) .ci/check_services.py

test-services: check-services
	$(SERVICES_ENV) CACHE_KEY_PREFIX=test-$$$$ $(PY) -m pytest -rs $(XDIST) --ignore=$(BROWSER_TESTS)
	$(SERVICES_ENV) CACHE_KEY_PREFIX=test-$$$$ $(PY) -m pytest -rs $(BROWSER_TESTS)

# --- Production (docs/production.md). The environment holds SECRET_KEY, ALLOWED_HOSTS,
# DATABASE_URL, REDIS_URL and GEMINI_API_KEY; settings refuse to start without them.
migrate: install
	DJANGO_DEBUG=0 $(PY) manage.py migrate --noinput

serve: install
	DJANGO_DEBUG=0 $(PY) manage.py check --deploy --fail-level WARNING
	DJANGO_DEBUG=0 $(PY) manage.py collectstatic --noinput
	DJANGO_DEBUG=0 exec $(VENV)/bin/gunicorn --config jobportal/gunicorn.conf.py

# --- Load (loopback only, bounded; about a minute): the production setup measured. -----
load: install
	$(PY) -m tools.load.run

# Only the timings of 2-, 5- and 10-point answers in Chromium (phase 7 of `make load`).
load-stream: install
	LOAD_PHASES=7 $(PY) -m tools.load.run

# `make load` three times (LOAD_RUNS), each figure's median with the run-to-run range.
load-spread: install
	$(PY) -m tools.load.spread

# Faults on purpose (about 6 min): its own PostgreSQL cluster and Redis on free loopback
# ports, gunicorn and the fake model; one table row per fault (docs/production.md).
chaos: install
	$(PY) -m tools.chaos

# The same with 5-s faults and a 3-s model timeout (about 4 min; CI runs one fault of it
# as tests/tools/test_chaos_run.py).
chaos-short: install
	$(PY) -m tools.chaos --short

# Issue 38's attacks on loopback (a few minutes): a throw-away SQLite file, the fake model,
# one table row per attack, `attack | before | after` (docs/security.md).
abuse: install
	$(PY) -m tools.abuse

# Which gunicorn server model: sync vs threaded workers, side by side (about 4 min).
load-compare: install
	$(PY) -m tools.load.compare

clean:
	rm -rf $(VENV) node_modules db.sqlite3 staticfiles
