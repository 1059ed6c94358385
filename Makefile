# Two commands for a newcomer: `make run` (the demo) and `make test` (the suite).
# Both create .venv and install what they need; neither needs a key or a server.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
# Without a Gemini key the demo answers from recorded drafts and says so on the page.
DEMO_MODE := $(if $(GEMINI_API_KEY),0,1)

.PHONY: install run test lint bench load clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

run: install
	$(PY) manage.py migrate --noinput
	$(PY) manage.py seed_demo
	EXPLAIN_DEMO_MODE=$${EXPLAIN_DEMO_MODE:-$(DEMO_MODE)} $(PY) manage.py runserver 127.0.0.1:8000

test: install
	$(PY) -m pytest

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy explain jobportal

bench: install
	$(PY) bench/bench_verify.py

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles
