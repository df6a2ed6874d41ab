"""The docs as a reference: a list of the rulesets names every one of them, and no doc
cites a commit or an issue (history is git's)."""
import re
from pathlib import Path

import pytest

import yahtzee_core as yc

REPO = Path(__file__).resolve().parent.parent
DOCS = [REPO / "README.md"] + sorted((REPO / "docs").glob("*.md"))

# A ruleset's name as code and docs quote it: `yatzy`, 'yatzy' or "yatzy".
_NAME = "|".join(sorted((re.escape(n) for n in yc.RULESETS), key=len, reverse=True))
_QUOTED = r"[`'\"](?:%s)[`'\"](?: \(default\))?" % _NAME
# Four or more quoted names in a row, apart only by commas, "and", "or", slashes and a
# code comment's line break: a list of rulesets (fewer is a sentence naming a few).
_RUN = re.compile(r"%s(?:(?:,\s*|,?\s+(?:and|or)\s+|\s*/\s*|\s+)(?:#\s*)?%s){3,}"
                  % (_QUOTED, _QUOTED))
# A table row keyed by a quoted name; five or more such rows make a table of rulesets.
_ROW = re.compile(r"^\| `(%s)`" % _NAME, re.M)


def ruleset_lists(text):
    """(line, names) of each list of rulesets in a doc's text."""
    for run in _RUN.finditer(text):
        yield text.count("\n", 0, run.start()) + 1, set(re.findall(_NAME, run.group(0)))
    rows = _ROW.findall(text)
    if len(rows) >= 5:
        first = _ROW.search(text)
        yield text.count("\n", 0, first.start()) + 1, set(rows)


def test_the_list_finder_finds_a_list_and_what_it_leaves_out():
    text = ("yc.RULESETS  # ('yahtzee', 'yatzy',\n"
            "             #  'yacht', 'kniffel')\n"
            "`crag` and `yamb` are short; `balut`, `yamb` or `crag` too.\n")
    assert list(ruleset_lists(text)) == [(1, {"yahtzee", "yatzy", "yacht", "kniffel"})]


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_every_list_of_rulesets_names_all_of_them(doc):
    for line, names in ruleset_lists(doc.read_text()):
        missing = [n for n in yc.RULESETS if n not in names]
        assert not missing, "%s:%d lists the rulesets without %s" % (
            doc.relative_to(REPO), line, ", ".join(missing))


def test_the_readme_and_the_api_docs_list_the_rulesets():
    for name in ("README.md", "docs/ARCHITECTURE.md", "docs/CORE.md", "docs/RULES.md"):
        assert list(ruleset_lists((REPO / name).read_text())), name


# A commit id (seven or more hex digits with a digit and a letter among them), an issue
# or pull request of ours by number (an upstream one, "CircuitPython issue 5794", is a
# source), a session's date.
_HISTORY = re.compile(r"\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}\b|"
                      r"(?<!Python )\bissues?[ -]#?\d+|\bPR #?\d+|(?<![\w&])#\d{2,}\b|"
                      r"\b20\d\d-\d\d-\d\d\b")


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_no_doc_cites_a_commit_an_issue_or_a_session_date(doc):
    for number, line in enumerate(doc.read_text().splitlines(), 1):
        found = _HISTORY.search(line)
        assert not found, "%s:%d: %r (history belongs in git)" % (
            doc.relative_to(REPO), number, found.group(0))
