"""What "Add to my profile" may offer for a requirement: names, never phrases.

A person adds a skill, a qualification, a tool or a language to their profile; the page
never pushes them to copy the job's wording ("data analyst", "present findings",
"leading a team") into it. Code decides which of a requirement's names (its term and
its alternatives) are such names, with the rules the verifier already has:

- the name holds a word that is not filler (explain.core.rules.content), and
- the name is a known skill: a row of the alias table or an everyday word that is also
  a skill's name (explain.core.rules.equivalence: "Python", "English", "Excel"), or it
  is written as a name: a word with a capital letter after its first, a digit or a sign
  ("SQL", "CIMA", "C++", ".NET", "ISO 27001"), or a capitalised word that does not open
  the job's line ("an ERP such as Sage"; not "Registration" at a bullet's start).

For "CIMA, ACCA or ACA" every name is a choice, and the person picks the one they hold.
What this cannot see: a lowercase skill missing from the alias table ("unit testing"),
offered nothing rather than a phrase. Pure Python: no Django.
"""

from __future__ import annotations

from explain.core.normal import normalize
from explain.core.posting import Requirement
from explain.core.rules.content import has_content
from explain.core.rules.equivalence import common_words, forms

# Signs that make a word a name ("C++", "C#", ".NET", "Node.js", "CI/CD").
_NAME_SIGNS = frozenset("+#./&")
# A capitalised word right after one of these opens a sentence, not a name.
_SENTENCE_ENDS = frozenset(".!?:;•·-–—*\n")


def _known(name: str) -> bool:
    """A row of the alias table, or an everyday word that is also a skill's name."""
    if len(forms(name)) > 1:
        return True
    known = {folded.casefold() for folded in common_words()}
    return name.casefold() in known


def _written_as_name(word: str) -> bool:
    letters = [ch for ch in word if ch.isalpha()]
    inner_capital = any(ch.isupper() for ch in letters[1:])
    return inner_capital or any(ch.isdigit() or ch in _NAME_SIGNS for ch in word.strip(".,;:"))


def _opens_line(quote: str, start: int) -> bool:
    """True when the word at quote[start] is the first of its line or sentence."""
    before = quote[:start].rstrip()
    return not before or before[-1] in _SENTENCE_ENDS


def names_a_thing(name: str, quote: str) -> bool:
    """True when `name` (as the job quote writes it) names a skill, qualification, tool
    or language a person could add to a profile; False for filler and soft phrases."""
    name = name.strip()
    if not name or not has_content(normalize(name)):
        return False
    if _known(name):
        return True
    words = name.split()
    if any(_written_as_name(word) for word in words):
        return True
    at = quote.find(name)
    for offset, word in _word_starts(name):
        if not word[:1].isupper():
            continue
        # Where the quote holds the name, a capital counts unless it opens the line;
        # where it does not, only a capital inside the name counts.
        if (at >= 0 and not _opens_line(quote, at + offset)) or (at < 0 and offset > 0):
            return True
    return False


def _word_starts(text: str) -> list[tuple[int, str]]:
    starts: list[tuple[int, str]] = []
    offset = 0
    for word in text.split():
        offset = text.index(word, offset)
        starts.append((offset, word))
        offset += len(word)
    return starts


def add_choices(requirement: Requirement) -> list[str]:
    """The names of this requirement a person may choose to add, in the job's order and
    spelling, each once; [] when none names a skill, qualification, tool or language."""
    choices: list[str] = []
    for name in requirement.names:
        shown = " ".join(name.split())
        if names_a_thing(shown, requirement.job_quote) and shown.casefold() not in {
            c.casefold() for c in choices
        }:
            choices.append(shown)
    return choices
