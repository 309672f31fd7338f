"""Every value of a rules file can be explained: for any valid rules file, whatever the deal,
``score``, ``game add``, ``game show`` and ``rules show`` answer with exit 0, or refuse with
one ``error:`` line and exit 2 — never a traceback (issue 22).

The rules files are drawn as children of a built-in that change any of the keys a score
depends on, with any value the format allows (subtracted terms, coincher lists, every
override, a capot's base, ``beat_defence`` lists, every rounding and last deal, every end);
the deals are deals those rules allow, with a coincher or a capot named or not, and lists of
words from anywhere on a scorekeeper's keyboard.  In process, ten files of two deals each, in one
store: a few seconds.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from coinche_cli.rules.choices import (
    BELOTE_TO,
    BELOTE_WHEN,
    BOTH_OVER,
    CONDITION_ORDER,
    LAST_DEALS,
    NEGATED_TERMS,
    REACHES,
    ROLES,
    ROUNDED,
    ROUNDINGS,
    TERMS,
    TIES,
)
from coinche_cli.rules.loader import builtin_names, load_rules
from coinche_cli.scoring.deal import Deal
from tests.deals import valid_deals
from tests.harness import Cli, Ran

BUILTINS = builtin_names()
REACH = ("points", "belote", "announces")
#: Words a scorekeeper may type where a deal goes, right and wrong.
WORDS = ("A", "B", "1", "2", "3", "4", "100S", "90Hx", "capotS", "generaleH", "80SA", "120TAxx",
         "104", "162", "0", "-5", "x", "passe", "--capot", "--belote", "--points", "2:40",
         "A:tierce", "--announce", "--coinched-by", "--generale", "--announce-winner")


def _terms() -> st.SearchStrategy[list[Any]]:
    word = st.sampled_from((*TERMS, *NEGATED_TERMS))
    return st.lists(word | st.integers(-500, 500), max_size=4)


def _maybe(draw: st.DrawFn, section: dict[str, Any], key: str,
           values: st.SearchStrategy[Any]) -> None:
    if draw(st.booleans()):
        section[key] = draw(values)


@st.composite
def rules_documents(draw: st.DrawFn) -> dict[str, Any]:
    """A valid rules file: a built-in's child that changes what a score depends on."""
    parent = draw(st.sampled_from(BUILTINS))
    team = parent != "chien"
    doc: dict[str, Any] = {"extends": parent, "name": "drawn"}
    made_if: dict[str, Any] = {}
    _maybe(draw, made_if, "reach_bid_with", st.lists(st.sampled_from(REACH), unique=True))
    parent_rules = load_rules(parent)
    bids_ladder = list(range(parent_rules.bid_min, parent_rules.bid_max + 1,
                             parent_rules.bid_step))
    _maybe(draw, made_if, "min_points", st.none() | st.integers(0, 162) | st.dictionaries(
        st.sampled_from(bids_ladder).map(str), st.integers(0, 162), max_size=3))
    if team:
        _maybe(draw, made_if, "litige", st.booleans())
    _maybe(draw, made_if, "beat_defence", st.booleans() | st.lists(
        st.sampled_from(REACH), min_size=1, unique=True))
    multiplier: dict[str, Any] = {}
    _maybe(draw, multiplier, "coinche", st.integers(1, 4))
    _maybe(draw, multiplier, "surcoinche", st.integers(1, 8))
    _maybe(draw, multiplier, "applies_to", st.just("all") | st.lists(
        st.sampled_from((*TERMS, "fixed")), unique=True))
    score: dict[str, Any] = {}
    for outcome in ("made", "failed"):
        lists = {role: draw(_terms()) for role in ROLES if draw(st.booleans())}
        if lists:
            score[outcome] = lists
    for condition in draw(st.lists(st.sampled_from(CONDITION_ORDER), unique=True)):
        score[condition] = {outcome: {role: draw(_terms())
                                      for role in draw(st.lists(st.sampled_from(ROLES),
                                                                min_size=1, unique=True))}
                            for outcome in draw(st.lists(st.sampled_from(("made", "failed")),
                                                         min_size=1, unique=True))}
    capot: dict[str, Any] = {}
    _maybe(draw, capot, "card_points", st.none() | st.integers(0, 300))
    _maybe(draw, capot, "bonus", st.integers(0, 200))
    _maybe(draw, capot, "bonus_on_capot_bid", st.booleans())
    _maybe(draw, capot, "base", st.none() | st.integers(0, 300))
    if team:
        _maybe(draw, capot, "generale_card_points", st.none() | st.integers(0, 600))
    bids: dict[str, Any] = {}
    _maybe(draw, bids, "capot", st.none() | st.integers(0, 1000))
    rounding: dict[str, Any] = {}
    methods = ROUNDINGS if team else tuple(m for m in ROUNDINGS if m != "complementary")
    _maybe(draw, rounding, "method", st.sampled_from(methods))
    _maybe(draw, rounding, "total", st.integers(0, 200))
    _maybe(draw, rounding, "last_deal", st.sampled_from(LAST_DEALS))
    _maybe(draw, rounding, "applies_to", st.lists(st.sampled_from(ROUNDED), unique=True))
    end: dict[str, Any] = {"target": draw(st.none() | st.integers(1, 600))}
    end["deals"] = draw(st.integers(1, 4) if end["target"] is None else st.none())
    _maybe(draw, end, "reach", st.sampled_from(REACHES))
    _maybe(draw, end, "both_over", st.sampled_from(BOTH_OVER))
    _maybe(draw, end, "tie", st.sampled_from(TIES))
    _maybe(draw, end, "time_limit", st.none() | st.integers(1, 120))
    _maybe(draw, end, "belote_alone_wins", st.booleans())
    belote: dict[str, Any] = {}
    goes_to = st.sampled_from(BELOTE_TO if team else ("holder",))
    _maybe(draw, belote, "goes_to", goes_to | st.dictionaries(st.sampled_from(BELOTE_WHEN),
                                                              goes_to))
    modes: dict[str, Any] = {}
    played = {"suits" if code in "SHDC" else code for code in parent_rules.modes}
    for mode in draw(st.lists(st.sampled_from(sorted(played)), unique=True)):
        section: dict[str, Any] = {}
        _maybe(draw, section, "belote_value", st.integers(0, 50))
        if parent_rules.announces:
            names = sorted(parent_rules.announces)
            _maybe(draw, section, "announces", st.dictionaries(
                st.sampled_from(names), st.none() | st.integers(0, 300), max_size=3))
        if section:
            modes[mode] = section
    for key, section in (("made_if", made_if), ("multiplier", multiplier), ("score", score),
                         ("capot", capot), ("bids", bids), ("rounding", rounding),
                         ("end", end), ("belote", belote), ("modes", modes)):
        if section:
            doc[key] = section
    return doc


def _deal_words(draw: st.DrawFn, deal: Deal, sides: tuple[str, ...]) -> list[str]:
    """A deal the rules allow, with a coincher or a capot named perhaps (right or wrong), or
    words from anywhere."""
    if draw(st.integers(0, 4)) == 0:
        return draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=6))
    words = deal.to_words()
    if draw(st.booleans()):
        words += ["--coinched-by", draw(st.sampled_from(sides))]
    if draw(st.integers(0, 3)) == 0:
        words += ["--capot", draw(st.sampled_from(sides))]
    return words


def _answered(ran: Ran) -> None:
    """Exit 0, or exit 2 with one ``error:`` line; never a traceback."""
    assert not ran.crash and "Traceback" not in ran.stderr, ran.report()
    if ran.code == 0:
        return
    assert ran.code == 2, ran.report()
    lines = ran.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), ran.report()


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One folder, and one store, for every example: each starts a game of its own (the store
    made once saves a tenth of a second an example)."""
    return tmp_path_factory.mktemp("drawn")


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(document=rules_documents(), data=st.data())
def test_any_valid_rules_file_explains_any_deal(folder: Path, document: dict[str, Any],
                                                data: st.DataObject) -> None:
    path = folder / "drawn.yaml"
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")  # YAML
    cli = Cli(folder / "drawn.db")
    assert cli.invoke("rules", "validate", str(path)).code == 0, cli.last.report()
    for lang in ("en", "fr"):
        assert cli.invoke("--lang", lang, "rules", "show", str(path)).code == 0, \
            cli.last.report()
    rules = load_rules(str(path))
    players = data.draw(st.sampled_from(rules.players))
    sides = rules.sides(players)
    started = cli.invoke("game", "new", "--rules", str(path), "--players", str(players))
    assert started.code == 0, started.report()
    finished = False
    for _ in range(2):
        deal = data.draw(valid_deals(rules, players))
        words = _deal_words(data.draw, deal, sides)
        _answered(cli.invoke("score", "--rules", str(path), "--players", str(players),
                             *words))
        if not finished:
            added = cli.invoke("game", "add", "--json", *words)
            _answered(added)
            finished = added.code == 0 and json.loads(added.stdout)["finished"]
    for view in (("game", "show"), ("--lang", "fr", "game", "show")):
        assert cli.invoke(*view).code == 0, cli.last.report()
