"""The schema of a rules file: the keys each section accepts, and the sections every file
must give.  ``docs/rules-format.md`` documents every key (a test checks it); the checks of
their values are :mod:`coinche_cli.rules.validate`'s.
"""

from collections.abc import Mapping
from typing import TypeAlias

from coinche_cli.rules.choices import CONDITION_ORDER, ROLES

#: The keys a section accepts: a key's value is None, or the schema of its sub-section.  (A
#: string for the type checker: the alias costs nothing when the program runs.)
Schema: TypeAlias = "Mapping[str, Schema | None]"

# score: made/failed hold side lists directly; the when_* overrides hold outcome -> side lists
_SIDES: Schema = dict.fromkeys(ROLES)
_SCORE: Schema = {
    "made": _SIDES,
    "failed": _SIDES,
    **{cond: {"made": _SIDES, "failed": _SIDES} for cond in CONDITION_ORDER},
}
# what every mode section accepts: its base, its highest bid, its belotes, what a belote and
# each announce are worth in it when they differ from the rules' own
_MODE: Schema = dict.fromkeys(("failure_base", "max_bid", "belotes", "belote_value",
                               "announces"))
# The keys each section accepts; a nested dict is a sub-section.
SCHEMA: Schema = {
    "name": None,
    "title": None,
    "source": None,
    "extends": None,
    "players": None,
    "direction": None,
    "cards": {"trump": None, "plain": None, "dix_de_der": None},
    "modes": {
        "suits": _MODE,
        "SA": {"cards": None, **_MODE},
        "TA": {"cards": None, **_MODE},
    },
    "bids": {"min": None, "max": None, "step": None, "capot": None, "generale": None},
    "belote": {"value": None, "goes_to": None},
    "announces": {"best_only": None, "values": None},
    "made_if": {"reach_bid_with": None, "min_points": None, "beat_defence": None,
                "litige": None},
    "multiplier": {"coinche": None, "surcoinche": None, "applies_to": None},
    "score": _SCORE,
    "capot": {"card_points": None, "bonus": None, "bonus_on_capot_bid": None, "base": None,
              "generale_card_points": None},
    "rounding": {"method": None, "total": None, "last_deal": None, "applies_to": None},
    "end": {
        "target": None,
        "deals": None,
        "reach": None,
        "both_over": None,
        "tie": None,
        "time_limit": None,
        "belote_alone_wins": None,
    },
}
REQUIRED = ("name", "players", "cards", "modes", "bids", "multiplier", "score", "end")
