"""`make load`: the production setup (PostgreSQL, Redis, gunicorn) measured on loopback."""
