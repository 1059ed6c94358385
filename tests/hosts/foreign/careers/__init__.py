"""The foreign host's own app: members, postings, résumés, pages and its bearer-token API."""
