"""Measuring the rule: a labelled set of claims, and scoring of the verifier and the model.

- `cases`: the case file (explain/data/eval_cases.json): load, check, write.
- `scoring`: run the verifier on every labelled claim and compare with its label.
- `postings`: whole postings with labelled requirements, read by `read_posting` and counted.
- `live`: run a ChatModel on each distinct profile/job pair and count what survives.
- `chart`: a small hand-written SVG bar chart of drop reasons.
- `report`: the verifier's heading, the JSON reports and the charts a run writes.
- `host_pairs`: pairs from the host's users and jobs, through the EXPLAIN_SOURCE adapter.
- `feedback_cases`: "this looks wrong" reports as cases for a reviewer to label.
- `progress`: a plain progress bar on stderr.

`cases`, `scoring` and `chart` are pure Python (no Django), like the verifier itself.
"""
