"""The worked example's draft, in a module of its own: hosts' test suites (tests/hosts) and
the browser helpers import it without the demo portal's models."""

from __future__ import annotations

WORKED_DRAFT = {
    "matches": [
        {
            "point": "Your profile mentions Java, and this job asks for secure Java APIs.",
            "term": "Java",
            "profileQuote": "Java (Intermediate, 3 years)",
            "jobQuote": "Build secure Java APIs",
        },
        {
            "point": "You have run Kubernetes clusters in production.",
            "term": "Kubernetes",
            "profileQuote": "Kubernetes (5 years)",
            "jobQuote": "deploy services",
        },
    ],
    "gaps": [
        {
            "point": "AWS is not shown in your profile.",
            "term": "AWS",
            "profileQuote": "",
            "jobQuote": "deploy services on AWS",
        }
    ],
}
