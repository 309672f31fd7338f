"""The rules, and a deal scored under them, as every ``--json`` prints them: ``rules list``,
``rules show`` and ``score``.

The machine's interface, as :mod:`coinche_cli.game.views` is the game's: the same keys and
values in every language (built in English, :func:`~coinche_cli.i18n.in_source_language`).
Each view is a :class:`~typing.TypedDict`, so the type checker sees a key renamed here or
where a client reads it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from coinche_cli.i18n import in_source_language

if TYPE_CHECKING:  # a TypedDict is a plain dict at run time: the classes are the checker's alone
    from collections.abc import Mapping
    from typing import NotRequired, TypedDict

    from coinche_cli.rules.model import Rules
    from coinche_cli.scoring.deal import DealJSON
    from coinche_cli.scoring.score import DealScore

    class RulesRow(TypedDict):
        """The rules as ``rules list --json`` lists them (``modes``: ``suits`` for the four
        suit contracts, then SA and TA)."""

        name: str
        title: str
        players: list[int]
        target: int | None
        deals: int | None
        modes: list[str]
        source: str

    class RulesView(RulesRow):
        """``rules show --json``: the listing's row and the merged, validated document."""

        document: Mapping[str, object]

    class TermView(TypedDict):
        """One term of a side's score: its name, value, factor and what it is worth."""

        term: str
        value: int
        factor: int
        total: int

    class ScoreView(TypedDict):
        """``score --json``: the deal, made or not, each side's score and card points, the
        terms behind each score and the explanation lines."""

        rules: str
        deal: DealJSON
        made: bool
        scores: dict[str, int]
        points: dict[str, int]
        winners: list[str]
        reason: str
        terms: dict[str, list[TermView]]
        lines: list[str]
        held: NotRequired[int]  # a litige: the takers' card points held


def _modes(rules: Rules) -> list[str]:
    codes = list(rules.modes)
    suits = [c for c in codes if c in ("S", "H", "D", "C")]
    return (["suits"] if suits else []) + [c for c in codes if c not in suits]


@in_source_language
def rules_row(rules: Rules) -> RulesRow:
    """The listing row: name, players, target, modes, source."""
    return {
        "name": rules.name,
        "title": rules.title,
        "players": list(rules.players),
        "target": rules.end.target,
        "deals": rules.end.deals,
        "modes": _modes(rules),
        "source": rules.source,
    }


def rules_json(rules: Rules) -> RulesView:
    """``rules show --json``: the listing row, then the document."""
    return {**rules_row(rules), "document": rules.document}


@in_source_language
def score_json(rules: Rules, result: DealScore) -> ScoreView:
    """A scored deal: made, scores, card points, terms and explanation lines."""
    view: ScoreView = {
        "rules": rules.name,
        "deal": result.checked.deal.to_json(),
        "made": result.made,
        "scores": dict(result.scores),
        "points": dict(result.checked.points),
        "winners": list(result.winners),
        "reason": result.reason,
        "terms": {
            side: [
                {"term": t.name, "value": t.value, "factor": t.factor, "total": t.total}
                for t in terms
            ]
            for side, terms in result.terms.items()
        },
        "lines": list(result.lines),
    }
    if result.held:
        view["held"] = result.held
    return view
