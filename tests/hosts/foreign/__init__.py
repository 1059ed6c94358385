"""A second host, unlike jobportal in every way an integrator meets: e-mail login with no
username, postings and résumés stored as HTML, a DRF API that takes bearer tokens only,
and a theme with loud global h2 and section rules. It installs explain by following
docs/integrating.md alone. Its tests run in their own pytest process (its own settings
module), started by tests/test_foreign_host.py."""
